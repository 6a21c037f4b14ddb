import { backoffDelay } from '../runtime/upstream/backoff.ts';

/** How `chain-data up` treats a process of the stack that exits on its own. */
export interface RestartPolicy {
  /** The backoff before the first restart; it doubles with each restart of a process that did not stay up. */
  baseMs: number;
  /** The backoff's cap. */
  maxMs: number;
  /** A process that ran at least this long before exiting starts its backoff over. */
  stableMs: number;
  /** This many exits of one process within `windowMs` and the stack gives up. */
  limit: number;
  windowMs: number;
}

/** One process's recent exits: their times (within the window) and where its backoff stands. */
export interface CrashHistory {
  exitTimes: number[];
  attempt: number;
}

export const NO_CRASHES: CrashHistory = { exitTimes: [], attempt: 0 };

export type RestartDecision =
  { restart: true; delayMs: number; history: CrashHistory } | { restart: false; exits: number };

/** What to do about a process that exited at `now` after running `ranForMs`. */
export function decideRestart(
  history: CrashHistory,
  now: number,
  ranForMs: number,
  policy: RestartPolicy,
  random?: () => number,
): RestartDecision {
  const exitTimes = [...history.exitTimes.filter((t) => now - t < policy.windowMs), now];
  if (exitTimes.length >= policy.limit) return { restart: false, exits: exitTimes.length };
  const attempt = ranForMs >= policy.stableMs ? 0 : history.attempt;
  return {
    restart: true,
    delayMs: backoffDelay(attempt, policy.baseMs, policy.maxMs, random),
    history: { exitTimes, attempt: attempt + 1 },
  };
}

/** "exit code 1", "signal SIGKILL": how a process ended, for people. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}
