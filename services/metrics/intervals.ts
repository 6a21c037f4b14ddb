/**
 * The Metrics API's time buckets (§4.5): Unix seconds at the start of the UTC hour, the UTC day, the week (Monday
 * 00:00 UTC) and the month (the 1st, 00:00 UTC). Shared by the rollups (ingest/) and what serves them (api/).
 */
import type { TimeInterval } from '../runtime/chain-metrics.ts';

export { TIME_INTERVALS, type TimeInterval } from '../runtime/chain-metrics.ts';

const HOUR = 3_600;
export const DAY = 86_400;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: the first Monday is four days later. */
const FIRST_MONDAY = 4 * DAY;

const floorTo = (t: number, size: number, origin = 0) => Math.floor((t - origin) / size) * size + origin;

/** The start of the bucket of `interval` that holds Unix time `t` (seconds, an integer ≥ 0). */
export function bucketStart(interval: TimeInterval, t: number): number {
  if (!Number.isSafeInteger(t) || t < 0) throw new RangeError(`not a Unix time in seconds: ${t}`);
  switch (interval) {
    case 'hour':
      return floorTo(t, HOUR);
    case 'day':
      return floorTo(t, DAY);
    case 'week':
      return floorTo(t, WEEK, FIRST_MONDAY);
    case 'month': {
      const date = new Date(t * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
    }
  }
}

/** The start of the bucket after the one starting at `start` (an aligned bucket start). */
export function nextBucket(interval: TimeInterval, start: number): number {
  switch (interval) {
    case 'hour':
      return start + HOUR;
    case 'day':
      return start + DAY;
    case 'week':
      return start + WEEK;
    case 'month': {
      const date = new Date(start * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
    }
  }
}

/** The Metrics API's rolling windows (ChainRollingWindowMetricsValue, ICMRollingWindowMetricsValue), in its order. */
export const ROLLING_WINDOWS = [
  'lastHour',
  'lastDay',
  'lastWeek',
  'lastMonth',
  'last90Days',
  'lastYear',
  'allTime',
] as const;
export type RollingWindow = (typeof ROLLING_WINDOWS)[number];

const WINDOW_HOURS: Record<Exclude<RollingWindow, 'allTime'>, number> = {
  lastHour: 1,
  lastDay: 24,
  lastWeek: 7 * 24,
  lastMonth: 30 * 24,
  last90Days: 90 * 24,
  lastYear: 365 * 24,
};

/**
 * The hour buckets each rolling window covers at Unix time `at`: whole UTC hours ending with the hour that holds
 * `at` (so the newest window includes the hour in progress, which "may change between refreshes"), `from` inclusive,
 * `to` exclusive; `allTime` starts at 0. Whole hours keep every window a range of rolled-up buckets, exact and
 * independent of when within the hour it is asked.
 */
export function rollingWindows(at: number): { window: RollingWindow; from: number; to: number }[] {
  const to = bucketStart('hour', at) + HOUR;
  return ROLLING_WINDOWS.map((window) => ({
    window,
    from: window === 'allTime' ? 0 : Math.max(0, to - WINDOW_HOURS[window] * HOUR),
    to,
  }));
}
