/**
 * How a rolling window (intervals.ts: whole UTC hours, `from` inclusive, `to` exclusive) is read from the rollups:
 * the whole days inside it from the day buckets, the hours at its edges from the hour buckets, so a window of a
 * year reads at most 365 days and 46 hours whatever the history. Shared by the store (its queries) and api/.
 */
import { DAY, type RollingWindow } from './intervals.ts';
import type { ChainRollingWindowMetric } from '../runtime/chain-rolling-window-metrics.ts';

export interface Range {
  from: number;
  to: number;
}

export interface WindowSpans {
  /** Hour buckets: the window's hours before its first whole day and after its last (none, one or two ranges). */
  hours: Range[];
  /** Day buckets: the whole UTC days inside the window, if any. */
  days: Range | undefined;
}

/** A window's hour-aligned range split into whole days and the hours around them. */
export function windowSpans({ from, to }: Range): WindowSpans {
  const dayFrom = Math.ceil(from / DAY) * DAY;
  const dayTo = Math.floor(to / DAY) * DAY;
  if (dayFrom >= dayTo) return { hours: from < to ? [{ from, to }] : [], days: undefined };
  return {
    hours: [
      { from, to: dayFrom },
      { from: dayTo, to },
    ].filter((r) => r.from < r.to),
    days: { from: dayFrom, to: dayTo },
  };
}

/** "Active addresses/active senders only support last hour, day, and week"; the other metrics every window. */
const SHORT_WINDOWS: ReadonlySet<RollingWindow> = new Set<RollingWindow>(['lastHour', 'lastDay', 'lastWeek']);

export function hasWindow(metric: ChainRollingWindowMetric, window: RollingWindow): boolean {
  return (metric !== 'activeAddresses' && metric !== 'activeSenders') || SHORT_WINDOWS.has(window);
}
