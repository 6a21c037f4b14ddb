import { setTimeout as sleep } from 'node:timers/promises';
import { status } from '@grpc/grpc-js';
import { isServiceError } from '../runtime/errors.ts';
import type { Logger } from '../runtime/logger.ts';
import type { DataGeneration } from '../runtime/rest/answer-cache.ts';
import { counterIn, gaugeIn, processMetrics } from '../runtime/telemetry/metrics.ts';

/** One WatchProjection call as grpc-js makes it: its messages, and how to end it from this side. */
export interface WatchCall extends AsyncIterable<unknown> {
  cancel(): void;
}

/** Opens a WatchProjection call that lasts at most `deadlineMs`. */
export type OpenWatch = (deadlineMs: number) => WatchCall;

/** Long, since each new call drops every kept answer; bounded, as every call is. */
export const WATCH_DEADLINE_MS = 30 * 60_000;
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

/**
 * The generation of primary-network's data as gateway-data sees it, from the service's WatchProjection stream: one
 * more with every message (the stream's first, sent when it opens, included: changes made while no stream was open
 * went unreported), none while no stream is open (answers are then neither served from memory nor kept). A stream
 * that ends is opened again, at once when it had been open (its deadline passed, or the service is restarting),
 * else after a delay that doubles up to 5 s while the service refuses or cannot be reached.
 *
 * `chain_data_answer_cache_source_watched{source}` is 1 while a stream is open, and
 * `chain_data_answer_cache_invalidations_total{source}` counts the messages (each drops the kept answers).
 */
export class ProjectionWatch implements DataGeneration {
  private generation = 0;
  private open = false;
  private readonly watched: (open: boolean) => void;
  private readonly invalidated: () => void;

  constructor(source: string) {
    const watchedGauge = gaugeIn(processMetrics(), {
      name: 'chain_data_answer_cache_source_watched',
      help: 'Whether the gateway watches the source of the answers it keeps (1), or serves none from memory (0)',
      labelNames: ['source'],
    }).labels({ source });
    const invalidations = counterIn(processMetrics(), {
      name: 'chain_data_answer_cache_invalidations_total',
      help: 'Changes of a source the gateway was told of (each drops the answers it keeps), reconnections included',
      labelNames: ['source'],
    }).labels({ source });
    watchedGauge.set(0);
    this.watched = (open) => watchedGauge.set(open ? 1 : 0);
    this.invalidated = () => invalidations.inc();
  }

  current(): number | undefined {
    return this.open ? this.generation : undefined;
  }

  /** Watches until `signal` aborts (which ends the open call). */
  async run(openWatch: OpenWatch, signal: AbortSignal, log: Logger): Promise<void> {
    let retryMs = FIRST_RETRY_MS;
    let wasOpen = true;
    while (!signal.aborted) {
      const call = openWatch(WATCH_DEADLINE_MS);
      const cancel = () => call.cancel();
      signal.addEventListener('abort', cancel);
      let delivered = false;
      let failure: unknown;
      try {
        for await (const _message of call) {
          delivered = true;
          this.changed();
        }
      } catch (err) {
        failure = err;
      } finally {
        signal.removeEventListener('abort', cancel);
        this.closed();
      }
      if (signal.aborted) return;
      if (delivered) {
        if (!endedByDeadline(failure))
          log.warn({ reason: reasonOf(failure) }, 'the projection watch ended; opening it again');
        retryMs = FIRST_RETRY_MS;
        wasOpen = true;
        continue;
      }
      if (wasOpen)
        log.warn(
          { reason: reasonOf(failure), retryInMs: retryMs },
          'cannot watch the projection: no answer is served from memory until the watch is back',
        );
      wasOpen = false;
      await sleep(retryMs, undefined, { signal }).catch(() => {});
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    }
  }

  private changed(): void {
    this.generation++;
    this.invalidated();
    if (!this.open) {
      this.open = true;
      this.watched(true);
    }
  }

  private closed(): void {
    if (!this.open) return;
    this.open = false;
    this.watched(false);
  }
}

function endedByDeadline(failure: unknown): boolean {
  return failure === undefined || (isServiceError(failure) && failure.code === status.DEADLINE_EXCEEDED);
}

function reasonOf(failure: unknown): string {
  if (failure === undefined) return 'the stream ended';
  if (isServiceError(failure)) return `${status[failure.code]}: ${failure.details}`;
  return failure instanceof Error ? failure.message : 'an unknown failure';
}
