/**
 * How a follower far behind its upstream is getting on: how much of the upstream it has stored, how fast it is
 * storing, and when it will be caught up at that pace. The pace is an exponentially weighted average of the items
 * stored per second, so one slow batch or one quick one moves the estimate without throwing it.
 */
const HALF_LIFE_MS = 30_000;

export interface CatchUpEstimate {
  /** Stored of the upstream's items, 0 to 100. */
  percent: number;
  /** Items stored per second, recently; undefined before two observations. */
  itemsPerSecond: number | undefined;
  /** Seconds until caught up at that pace; 0 when caught up, undefined when the pace is unknown or nil. */
  etaSeconds: number | undefined;
}

export class CatchUpPace {
  private last: { position: bigint; atMs: number } | undefined;
  private pace: number | undefined;

  /** Records that the follower has stored up to `position` at `atMs`. */
  observe(position: bigint, atMs: number): void {
    const last = this.last;
    if (last === undefined || position < last.position) {
      // The first observation, or a restart from an earlier position (a rewind): the pace starts over.
      this.pace = undefined;
      this.last = { position, atMs };
      return;
    }
    // Within the same millisecond: the next observation's sample covers it.
    if (atMs <= last.atMs) return;
    const elapsedMs = atMs - last.atMs;
    const sample = (Number(position - last.position) * 1000) / elapsedMs;
    const weight = 1 - 2 ** (-elapsedMs / HALF_LIFE_MS);
    this.pace = this.pace === undefined ? sample : this.pace + weight * (sample - this.pace);
    this.last = { position, atMs };
  }

  get itemsPerSecond(): number | undefined {
    return this.pace;
  }
}

export function catchUpEstimate(
  position: bigint,
  upstreamNext: bigint,
  itemsPerSecond: number | undefined,
): CatchUpEstimate {
  if (upstreamNext <= position || upstreamNext <= 0n) return { percent: 100, itemsPerSecond, etaSeconds: 0 };
  const behind = Number(upstreamNext - position);
  // Basis points in bigint, so a chain of billions of items still rounds right.
  const percent = Number((position * 10_000n) / upstreamNext) / 100;
  const etaSeconds = itemsPerSecond !== undefined && itemsPerSecond > 0 ? behind / itemsPerSecond : undefined;
  return { percent, itemsPerSecond, etaSeconds };
}

/** `1h 02m`, `3m 05s`, `42s`: an ETA as a person reads it. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3_600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400)
    return `${Math.floor(s / 3_600)}h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d ${String(Math.floor((s % 86_400) / 3_600)).padStart(2, '0')}h`;
}
