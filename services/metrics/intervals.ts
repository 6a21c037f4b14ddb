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
