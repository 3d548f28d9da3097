// The input of every statistic here: one number per day, oldest first, as `src/daily` computes
// it under the API's rule (a `<metric>_total` twin's value, or the single row; several rows a
// day are never added up). Gaps are days without data: they are absent, never zero.
import type { ValuedBasis } from '../daily/rule.ts';
import { addDays, daysBetween } from '../lib/dates.ts';

export interface DailyPoint {
  date: string;
  value: number;
  /** How src/daily found the value, which decides how it is shown (src/daily/shown.ts). */
  basis?: ValuedBasis;
}

/** The series as a map from date to value, for pairing days across series. */
export function byDate(series: readonly DailyPoint[]): Map<string, number> {
  return new Map(series.map((p) => [p.date, p.value]));
}

/** Points whose date lies in [from, to] (either end open when null). */
export function within(
  series: readonly DailyPoint[],
  from: string | null,
  to: string | null,
): DailyPoint[] {
  return series.filter((p) => (from === null || p.date >= from) && (to === null || p.date <= to));
}

/** The number of calendar days from `from` to `to`, both included. */
export function spanDays(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

export { addDays, daysBetween };
