/**
 * The generic cell rate algorithm over two windows (a minute and a day) at once: a caller's budget in each window
 * is its tier's CUs, spent instantly and refilled evenly across the window. A window's whole state is one time, the
 * theoretical arrival time (TAT): when the window would be full again. A request of `cost` CUs is allowed only when
 * every window has room for it, and then moves every window's TAT; a refused one moves nothing. The same steps run
 * in Redis (the Lua script in redis-limiter.ts, so every replica shares the budget atomically) and in memory (the
 * bounded per-replica fallback while Redis is unreachable).
 */
export interface Window {
  /** The window's length in milliseconds. */
  periodMs: number;
  /** The CUs the window holds. */
  limit: number;
}

export interface WindowVerdict {
  /** CUs left in the window after this request (or, when refused, now). */
  remaining: number;
  /** Milliseconds until the window could take this request (0 when it can now). */
  retryAfterMs: number;
}

export interface Verdict {
  allowed: boolean;
  windows: WindowVerdict[];
  /** The windows' TATs to store when allowed (unchanged when refused). */
  tats: number[];
}

/** `tats[i]` is window i's stored TAT (undefined: full). Pure: the Lua script is its transcription. */
export function decide(
  windows: readonly Window[],
  tats: readonly (number | undefined)[],
  cost: number,
  now: number,
): Verdict {
  const verdicts: WindowVerdict[] = [];
  const next: number[] = [];
  let allowed = true;
  windows.forEach((window, i) => {
    const interval = window.periodMs / window.limit;
    const tat = Math.max(tats[i] ?? now, now);
    const newTat = tat + cost * interval;
    const allowAt = newTat - window.periodMs;
    if (allowAt > now) {
      allowed = false;
      verdicts.push({
        remaining: Math.max(0, Math.floor((now + window.periodMs - tat) / interval)),
        retryAfterMs: allowAt - now,
      });
      next.push(tat);
    } else {
      verdicts.push({ remaining: Math.floor((now + window.periodMs - newTat) / interval), retryAfterMs: 0 });
      next.push(newTat);
    }
  });
  return { allowed, windows: verdicts, tats: allowed ? next : tats.map((t) => t ?? now) };
}
