/**
 * The time arithmetic of the usage routes (docs/edge.md, "Usage routes"): the range a request covers and the
 * buckets it is counted in, all in UTC. The database truncates each request's time to its bucket; these say how
 * long a bucket is (for requests per second), how many a range holds (a request is bounded by it), and what a
 * range is when the client leaves it out.
 */
export const TIME_INTERVALS = ['minute', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/** The interval when the client names none, as the official document's examples use it. */
export const DEFAULT_TIME_INTERVAL: TimeInterval = 'daily';

export const MINUTE_SECONDS = 60;
export const HOUR_SECONDS = 3_600;
export const DAY_SECONDS = 86_400;
export const WEEK_SECONDS = 7 * DAY_SECONDS;

/** The days a range covers when the client gives no start: the end's day and the six before it. */
export const DEFAULT_RANGE_DAYS = 7;

/** The latest timestamp a range may name: 9999-12-31T23:59:59Z (what a timestamptz and a Date both hold). */
export const MAX_TIMESTAMP = 253_402_300_799;

/** How many buckets one answer may cover: a week of minutes (the default range at the finest interval). */
export const MAX_BUCKETS = 7 * 24 * 60;

/** The PostgreSQL `date_trunc` unit of each interval (weeks start on Monday, as ISO weeks do). */
export const TRUNCATION_UNIT: Readonly<Record<TimeInterval, string>> = {
  minute: 'minute',
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/** A range of unix seconds, `from` inclusive, `to` exclusive. */
export interface UsageRange {
  from: number;
  to: number;
}

/** 0:00 UTC of the day `seconds` falls in. */
export function dayStart(seconds: number): number {
  return Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;
}

/**
 * The range a request covers: `startTimestamp` and `endTimestamp` rounded down to 0:00 UTC of their days (as the
 * official document says), the end's day included whole. No end: now's day; no start: the end's day and the six
 * before it (the last seven days through now).
 */
export function usageRange(
  startTimestamp: number | undefined,
  endTimestamp: number | undefined,
  nowSeconds: number,
): UsageRange {
  const endDay = dayStart(endTimestamp ?? nowSeconds);
  const startDay =
    startTimestamp === undefined
      ? Math.max(0, endDay - (DEFAULT_RANGE_DAYS - 1) * DAY_SECONDS)
      : dayStart(startTimestamp);
  return { from: startDay, to: endDay + DAY_SECONDS };
}

/** The start of the bucket of `interval` that `seconds` falls in. */
export function bucketStart(interval: TimeInterval, seconds: number): number {
  switch (interval) {
    case 'minute':
      return Math.floor(seconds / MINUTE_SECONDS) * MINUTE_SECONDS;
    case 'hourly':
      return Math.floor(seconds / HOUR_SECONDS) * HOUR_SECONDS;
    case 'daily':
      return dayStart(seconds);
    case 'weekly': {
      // 1970-01-01 was a Thursday: days since the epoch, shifted so that Monday is 0.
      const day = Math.floor(seconds / DAY_SECONDS);
      return (day - ((day + 3) % 7)) * DAY_SECONDS;
    }
    case 'monthly': {
      const date = new Date(seconds * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
    }
  }
}

/** How long the bucket starting at `start` is, in seconds: a month's length depends on the month. */
export function bucketSeconds(interval: TimeInterval, start: number): number {
  switch (interval) {
    case 'minute':
      return MINUTE_SECONDS;
    case 'hourly':
      return HOUR_SECONDS;
    case 'daily':
      return DAY_SECONDS;
    case 'weekly':
      return WEEK_SECONDS;
    case 'monthly': {
      const date = new Date(start * 1000);
      return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - start * 1000) / 1000;
    }
  }
}

/** How many buckets of `interval` the range touches (the first and last may be partly outside it). */
export function bucketCount(interval: TimeInterval, range: UsageRange): number {
  if (range.to <= range.from) return 0;
  const first = bucketStart(interval, range.from);
  if (interval === 'monthly') {
    const a = new Date(first * 1000);
    const b = new Date((range.to - 1) * 1000);
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth()) + 1;
  }
  return Math.ceil((range.to - first) / bucketSeconds(interval, first));
}
