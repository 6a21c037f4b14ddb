import type { Counter, Gauge } from 'prom-client';
import { equalBytes, encodeCb58 } from '../runtime/formatting/cb58.ts';
import type { Logger } from '../runtime/logger.ts';
import { backoffDelay, sleep } from '../runtime/upstream/backoff.ts';
import { UpstreamRpcError, type Upstream } from '../runtime/upstream/client.ts';
import { indexPath, type IndexName } from './index-names.ts';
import { parseContainerRange } from './upstream-containers.ts';
import type { ContainerStore } from './store.ts';

export interface FollowerMetrics {
  containersIndexed: Counter<'index'>;
  nextIndex: Gauge<'index'>;
  failures: Counter<'index'>;
}

/** The upstream's refusal of a start index above its last accepted one: it is behind us (or still bootstrapping). */
const UPSTREAM_BEHIND = /^start index \(\d+\) > last accepted index \(\d+\)$/;
const UPSTREAM_EMPTY = 'no containers have been accepted';

export class UpstreamDivergedError extends Error {
  override name = 'UpstreamDivergedError';
}

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
}

export class IndexFollower {
  readonly indexName: IndexName;
  private readonly options: FollowerOptions;

  constructor(options: FollowerOptions) {
    this.options = options;
    this.indexName = options.indexName;
  }

  async run(signal: AbortSignal): Promise<void> {
    const { log, pollIntervalMs, maxBackoffMs, metrics } = this.options;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const outcome = await this.step(signal);
        failures = 0;
        if (outcome === 'caught-up') await sleep(pollIntervalMs, signal);
      } catch (err) {
        if (signal.aborted) break;
        failures++;
        metrics.failures.inc({ index: this.indexName });
        const delay = Math.max(pollIntervalMs, backoffDelay(failures, pollIntervalMs, maxBackoffMs));
        log.warn(
          { index: this.indexName, err, retryInMs: delay },
          'indexing step failed; retrying the same range',
        );
        await sleep(delay, signal).catch(() => {});
      }
    }
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
      if (
        err instanceof UpstreamRpcError &&
        (err.message === UPSTREAM_EMPTY || UPSTREAM_BEHIND.test(err.message))
      ) {
        if (nextIndex > 0n)
          log.debug(
            { index: name, nextIndex: nextIndex.toString(), reply: err.message },
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
    if (fresh.length > 0) {
      await store.append(name, nextIndex, fresh);
      metrics.containersIndexed.inc({ index: name }, fresh.length);
      metrics.nextIndex.set({ index: name }, Number(nextIndex + BigInt(fresh.length)));
      log.debug({ index: name, from: nextIndex.toString(), count: fresh.length }, 'stored containers');
    }
    return containers.length >= batchSize ? 'more' : 'caught-up';
  }
}
