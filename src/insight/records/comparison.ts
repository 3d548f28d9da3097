// The record of one comparison of two periods (`healthdata compare`, MCP `compare_periods`),
// and the periods compared when the caller leaves them out: one builder, so both surfaces
// give the same fields, numbers (rounded once, precision.ts) and default periods.
import { comparePeriods } from '../compare.ts';
import type { NumericSeries } from '../from-daily.ts';
import { amount, score } from '../../lib/precision.ts';
import { addDays, daysBetween } from '../series.ts';
import { inRange } from './daily-value.ts';

export interface Period {
  from: string;
  to: string;
}

export interface ComparisonRecord {
  metric: string;
  provider: string;
  unit: string | null;
  basis: NumericSeries['basis'];
  /** The mean of this period's daily values, and of the period compared with. */
  mean: number | null;
  vs_mean: number | null;
  /** mean − vs_mean, and as a % of |vs_mean|. */
  change: number | null;
  change_pct: number | null;
  days: number;
  vs_days: number;
  /** Welch's t-test, two-sided. */
  p: number | null;
  /** Hedges' g. */
  effect: number | null;
  /** The change is beyond the day-to-day variation (p < 0.05). */
  exceeds: boolean;
  /** Why there is no test, when there is none. */
  reason: string | null;
}

/** Days of the current period when its start is not given. */
export const DEFAULT_DAYS = 30;

/**
 * The periods compared: `to` defaults to today, `from` to DEFAULT_DAYS days ending at `to`;
 * the vs period to the same length just before `from` (each end that is not given). Dates are
 * YYYY-MM-DD, already resolved; `bad` makes the error for a period that starts after it ends.
 */
export function periodsToCompare(
  given: { from?: string; to?: string; vsFrom?: string; vsTo?: string },
  today: string,
  bad: (which: 'current' | 'vs', period: Period) => Error,
): { current: Period; vs: Period } {
  const to = given.to ?? today;
  const from = given.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const current = { from, to };
  if (from > to) throw bad('current', current);
  const length = daysBetween(from, to) + 1;
  const vs = { from: given.vsFrom ?? addDays(from, -length), to: given.vsTo ?? addDays(from, -1) };
  if (vs.from > vs.to) throw bad('vs', vs);
  return { current, vs };
}

/** The days both periods span: what one export reads. */
export function spanOf(current: Period, vs: Period): Period {
  return {
    from: current.from < vs.from ? current.from : vs.from,
    to: current.to > vs.to ? current.to : vs.to,
  };
}

/** Each series' comparison of `current` against `vs`. */
export function comparisonRecords(
  series: readonly NumericSeries[],
  current: Period,
  vs: Period,
): ComparisonRecord[] {
  const values = (s: NumericSeries, p: Period) => {
    const inside = inRange(p);
    return s.points.filter((d) => inside(d.date)).map((d) => d.value);
  };
  return series.map((s) => {
    const c = comparePeriods(values(s, current), values(s, vs));
    return {
      metric: s.metric,
      provider: s.provider,
      unit: s.unit,
      basis: s.basis,
      mean: amount(c.current.mean),
      vs_mean: amount(c.previous.mean),
      change: amount(c.change),
      change_pct: amount(c.changePct),
      days: c.current.days,
      vs_days: c.previous.days,
      p: amount(c.p),
      effect: score(c.effect),
      exceeds: c.exceeds,
      reason: c.reason,
    };
  });
}
