// A year's partition as days, for the day plan (day-plan.ts): the file holds rows newest day
// first, but its days are grouped here whatever its order.
import type { MetricRow } from '../../api/types.ts';
import type { HeldDay } from '../day-plan.ts';

/** The days of `rows`, newest first, each with its rows in the file's order. */
export function byDate(rows: readonly MetricRow[]): HeldDay<MetricRow>[] {
  const days = new Map<string, MetricRow[]>();
  for (const row of rows) {
    const day = days.get(row.date);
    if (day === undefined) days.set(row.date, [row]);
    else day.push(row);
  }
  return [...days.keys()]
    .sort()
    .reverse()
    .map((date) => ({ date, rows: days.get(date) as MetricRow[] }));
}
