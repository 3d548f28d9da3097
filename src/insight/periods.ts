// Daily values grouped by calendar period: ISO 8601 weeks (Monday first), months, years. A
// period reaching outside the range that was looked at (the dates asked for, clamped to the
// plan's history window and to today) is marked partial: its mean covers only some of its days
// by construction, not because days were missing.
import { addDays, type DailyPoint } from './series.ts';
import { mean } from './stats.ts';

export type PeriodUnit = 'week' | 'month' | 'year';
export const PERIOD_UNITS: readonly PeriodUnit[] = ['week', 'month', 'year'];

export interface PeriodStat {
  /** The period's first day. */
  period: string;
  /** Its last day. */
  end: string;
  /** Days with data in it. */
  days: number;
  mean: number;
  min: number;
  max: number;
  partial: boolean;
  /** Its days, oldest first (to show min and max as their days are: src/daily/shown.ts). */
  points: DailyPoint[];
}

/** The first day of the period holding `date`. */
export function periodStart(date: string, unit: PeriodUnit): string {
  if (unit === 'year') return `${date.slice(0, 4)}-01-01`;
  if (unit === 'month') return `${date.slice(0, 7)}-01`;
  // getUTCDay: 0 is Sunday; ISO weeks start on Monday.
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The last day of the period starting on `start`. */
export function periodEnd(start: string, unit: PeriodUnit): string {
  if (unit === 'week') return addDays(start, 6);
  const d = new Date(`${start}T00:00:00Z`);
  if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return addDays(d.toISOString().slice(0, 10), -1);
}

/**
 * One line per period that has data, oldest first. `range` is what was looked at; an open
 * end (null) cannot make a period partial.
 */
export function byPeriod(
  series: readonly DailyPoint[],
  unit: PeriodUnit,
  range: { from: string | null; to: string | null },
): PeriodStat[] {
  const groups = new Map<string, DailyPoint[]>();
  for (const p of series) {
    const start = periodStart(p.date, unit);
    let points = groups.get(start);
    if (points === undefined) groups.set(start, (points = []));
    points.push(p);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([period, points]) => {
      const values = points.map((p) => p.value);
      const end = periodEnd(period, unit);
      let min = Infinity;
      let max = -Infinity;
      for (const v of values) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
      const partial =
        (range.from !== null && period < range.from) || (range.to !== null && end > range.to);
      return { period, end, days: values.length, mean: mean(values), min, max, partial, points };
    });
}
