/** UTC days as the export requests name them (YYYY-MM-DD) and as the sources take them (Unix seconds). */
const DAY_SECONDS = 86_400;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's start in Unix seconds, or undefined when the text is not a real calendar date in YYYY-MM-DD. */
export function dayStart(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2024-02-30 over to March: a date that does not print back the same is not one.
  return dateOf(ms / 1000) === date ? ms / 1000 : undefined;
}

/** The UTC day a Unix time falls on. */
export function dateOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayStart(date)! + days * DAY_SECONDS);
}

/** Days from `first` to `last`, both inclusive (0 when last is before first). */
export function daysBetween(first: string, last: string): number {
  return Math.max(0, (dayStart(last)! - dayStart(first)!) / DAY_SECONDS + 1);
}

/** A day's window [start, end) in Unix seconds. */
export function dayWindow(date: string): { start: number; end: number } {
  const start = dayStart(date)!;
  return { start, end: start + DAY_SECONDS };
}

/** The last day wholly before a time: every second of it is earlier than `unixSeconds`. */
export function lastWholeDayBefore(unixSeconds: number): string {
  return dateOf(Math.floor(unixSeconds / DAY_SECONDS) * DAY_SECONDS - DAY_SECONDS);
}
