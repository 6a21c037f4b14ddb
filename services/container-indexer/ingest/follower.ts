import type { Counter, Gauge } from 'prom-client';
import { equalBytes, encodeCb58 } from '../../runtime/formatting/cb58.ts';
import type { FollowerReport } from '../../runtime/follow/follower-health.ts';
import { followLoop, UpstreamDivergedError } from '../../runtime/follow/follow-loop.ts';
import type { Logger } from '../../runtime/logger.ts';
import { UpstreamRpcError, type Upstream } from '../../runtime/upstream/client.ts';
import { indexPath, type IndexName } from '../../runtime/avalanche/index-names.ts';
import { parseContainerRange } from './upstream-containers.ts';
import type { ContainerStore } from '../store/container-store.ts';

export interface FollowerMetrics {
  containersIndexed: Counter<'index'>;
  nextIndex: Gauge<'index'>;
  failures: Counter<'index'>;
}

/** The upstream's refusal of a start index above its last accepted one: it is behind us (or still bootstrapping). */
const UPSTREAM_BEHIND = /^start index \(\d+\) > last accepted index \((\d+)\)$/;
const UPSTREAM_EMPTY = 'no containers have been accepted';

/**
 * Mirrors one upstream index into the store. Each step asks for the range starting one container before the cursor
 * (so being caught up is an ordinary reply, and the overlapping container proves the upstream's index agrees with
 * ours), checks the reply, and appends the new containers with the cursor in one transaction. Failures back off
 * and retry the same range: the stored index never skips or repeats.
 */
export interface FollowerOptions {
  indexName: IndexName;
  store: ContainerStore;
  upstream: Upstream;
  batchSize: number;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  metrics: FollowerMetrics;
  /** Where the follower says how far behind it is, and that it stopped. */
  report?: FollowerReport;
}

/** `start index (N) > last accepted index (M)`: the upstream's next index is M + 1. */
function upstreamNextFromRefusal(message: string): bigint | undefined {
  if (message === UPSTREAM_EMPTY) return 0n;
  const match = UPSTREAM_BEHIND.exec(message);
  return match ? BigInt(match[1]!) + 1n : undefined;
}

export class IndexFollower {
  readonly indexName: IndexName;
  private readonly options: FollowerOptions;

  constructor(options: FollowerOptions) {
    this.options = options;
    this.indexName = options.indexName;
  }

  run(signal: AbortSignal): Promise<void> {
    const { log, pollIntervalMs, maxBackoffMs, metrics, report } = this.options;
    return followLoop(
      {
        name: this.indexName,
        step: (stepSignal) => this.step(stepSignal),
        pollIntervalMs,
        maxBackoffMs,
        log,
        report,
        onFailure: () => {
          metrics.failures.inc({ index: this.indexName });
        },
        onDiverged: (err) => {
          log.error(
            { index: this.indexName, err: err.message },
            'upstream diverged from the stored index; this follower stops until a person resolves it',
          );
          return true;
        },
      },
      signal,
    );
  }

  /** One fetch-check-store round. Returns whether more containers are likely waiting upstream. */
  async step(signal?: AbortSignal): Promise<'more' | 'caught-up'> {
    const { store, upstream, batchSize, log, metrics } = this.options;
    const name = this.indexName;
    const { nextIndex } = await store.state(name);
    const start = nextIndex > 0n ? nextIndex - 1n : 0n;
    let reply: unknown;
    try {
      reply = await upstream.call(
        indexPath(name),
        'index.getContainerRange',
        { startIndex: start.toString(), numToFetch: batchSize, encoding: 'hex' },
        signal,
      );
    } catch (err) {
      const upstreamNext = err instanceof UpstreamRpcError ? upstreamNextFromRefusal(err.message) : undefined;
      if (upstreamNext !== undefined) {
        this.options.report?.progressed(nextIndex, upstreamNext);
        if (nextIndex > 0n)
          log.debug(
            { index: name, nextIndex: nextIndex.toString(), reply: (err as UpstreamRpcError).message },
            'upstream is behind',
          );
        return 'caught-up';
      }
      throw err;
    }
    const containers = parseContainerRange(reply, start);
    if (nextIndex > 0n) {
      const ours = await store.byIndex(name, start);
      const theirs = containers[0];
      if (!ours || !theirs || !equalBytes(ours.id, theirs.id)) {
        throw new UpstreamDivergedError(
          `upstream ${name} index disagrees at ${start}: stored ${ours && encodeCb58(ours.id)}, upstream ${theirs && encodeCb58(theirs.id)}`,
        );
      }
    }
    const fresh = containers.filter((c) => c.index >= nextIndex);
    const stored = nextIndex + BigInt(fresh.length);
    if (fresh.length > 0) {
      await store.append(name, nextIndex, fresh);
      metrics.containersIndexed.inc({ index: name }, fresh.length);
      metrics.nextIndex.set({ index: name }, Number(stored));
      log.debug({ index: name, from: nextIndex.toString(), count: fresh.length }, 'stored containers');
    }
    const more = containers.length >= batchSize;
    // A short range ends at the upstream's last accepted container; a full one says nothing of how many follow.
    const upstreamNext = more ? await this.upstreamNext(signal) : start + BigInt(containers.length);
    this.options.report?.progressed(stored, upstreamNext);
    return more ? 'more' : 'caught-up';
  }

  /** The upstream's next index (its last accepted one plus one), or undefined when it does not say. */
  private async upstreamNext(signal?: AbortSignal): Promise<bigint | undefined> {
    const reply = await this.options.upstream
      .call<{ index?: unknown }>(
        indexPath(this.indexName),
        'index.getLastAccepted',
        { encoding: 'hex' },
        signal,
      )
      .catch(() => undefined);
    return typeof reply?.index === 'string' && /^\d+$/.test(reply.index)
      ? BigInt(reply.index) + 1n
      : undefined;
  }
}
