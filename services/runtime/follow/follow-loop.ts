/**
 * The one loop every follower runs (the container indexer's index followers, the primary-network projection,
 * evm-data's chain ingesters): take a step from the stored cursor, sleep when caught up, back off and retry the
 * same step after a failure, reread the cursor when another writer moved it, and stop for good when the upstream
 * turns out to be on another chain. A step stores its items and its cursor in one transaction, so retrying one
 * never skips or repeats an item; the loop only decides when to take the next.
 */
import type { Logger } from '../logger.ts';
import { backoffDelay, sleep } from '../upstream/backoff.ts';
import type { FollowerReport } from './follower-health.ts';

/** The upstream's chain is not the one stored: continuing would mix two chains, so the follower stops. */
export class UpstreamDivergedError extends Error {
  override name = 'UpstreamDivergedError';
}

/** A step's write found the cursor elsewhere than where the step started: another writer moved it. */
export class CursorMovedError extends Error {
  override name = 'CursorMovedError';
}

/** What a step found: more items are likely waiting upstream, or it stored all the upstream had. */
export type StepOutcome = 'more' | 'caught-up';

export interface FollowLoopOptions {
  /** What is followed, as logs and reports name it (an index name, a chain). */
  name: string;
  /** Fetches, checks and stores one batch from the stored cursor. */
  step(signal: AbortSignal): Promise<StepOutcome>;
  /**
   * Reads the stored cursor (and whatever the step keeps with it): before the first step, and again after another
   * writer moved it. A follower that reads its cursor in every step has none.
   */
  reposition?(signal: AbortSignal): Promise<void>;
  pollIntervalMs: number;
  maxBackoffMs: number;
  log: Logger;
  /** Where the follower says that it stopped (progress is the step's to report: only it knows the positions). */
  report?: FollowerReport;
  /**
   * Called for every failure that will be retried, with the delay before the retry: for metrics, and for a log
   * line of its own. Returning true says it has logged the failure; otherwise the loop logs it.
   */
  onFailure?(err: unknown, retryInMs: number): boolean | void;
  /** Called when the upstream diverged, before the loop stops. Returning true says it has logged it. */
  onDiverged?(err: UpstreamDivergedError): boolean | void;
  /** Called once, when a step first finds nothing more upstream. */
  onCaughtUp?(): Promise<void> | void;
  random?: () => number;
}

/** The delay before retry number `failures` (1, 2, …): jittered exponential backoff, never under the poll interval. */
export function retryDelay(
  failures: number,
  pollIntervalMs: number,
  maxBackoffMs: number,
  random?: () => number,
): number {
  return Math.max(pollIntervalMs, backoffDelay(failures, pollIntervalMs, maxBackoffMs, random));
}

/** Runs the follower until the signal fires or its upstream diverges. Never rejects. */
export async function followLoop(options: FollowLoopOptions, signal: AbortSignal): Promise<void> {
  const { name, log, pollIntervalMs, maxBackoffMs } = options;
  let failures = 0;
  let repositioned = options.reposition === undefined;
  let caughtUp = false;
  while (!signal.aborted) {
    try {
      if (!repositioned) {
        await options.reposition!(signal);
        repositioned = true;
      }
      const outcome = await options.step(signal);
      failures = 0;
      if (outcome === 'caught-up') {
        if (!caughtUp) {
          caughtUp = true;
          await options.onCaughtUp?.();
        }
        await sleep(pollIntervalMs, signal);
      }
    } catch (err) {
      if (signal.aborted) break;
      if (err instanceof UpstreamDivergedError) {
        // Retrying cannot help and continuing would mix two chains: stop, and say so where people look.
        if (options.onDiverged?.(err) !== true)
          log.error(
            { follower: name, err: err.message },
            'upstream diverged from what is stored; this follower stops until a person resolves it',
          );
        options.report?.stopped(err.message);
        return;
      }
      if (err instanceof CursorMovedError) {
        log.warn({ follower: name, err: err.message }, 'another writer moved the cursor; rereading it');
        repositioned = options.reposition === undefined;
        continue;
      }
      failures++;
      const delay = retryDelay(failures, pollIntervalMs, maxBackoffMs, options.random);
      if (options.onFailure?.(err, delay) !== true)
        log.warn({ follower: name, err, retryInMs: delay }, 'follower step failed; retrying from the cursor');
      await sleep(delay, signal).catch(() => {});
    }
  }
}
