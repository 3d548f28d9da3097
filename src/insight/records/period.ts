// The record of one period of daily values (`healthdata summary --by`, MCP `trend`): one
// builder, so both surfaces give the same fields and numbers, rounded once (precision.ts).
import type { NumericSeries } from '../from-daily.ts';
import { byPeriod, type PeriodUnit } from '../periods.ts';
import { amount } from '../../lib/precision.ts';
import { shownExtreme } from '../../daily/index.ts';
import type { DayRange } from './daily-value.ts';

export interface PeriodRecord {
  metric: string;
  provider: string;
  unit: string | null;
  basis: NumericSeries['basis'];
  /** The period's first day. */
  period: string;
  /** Days with data in the period. */
  days: number;
  mean: number;
  min: number;
  max: number;
  /** The period reaches outside the range looked at: fewer days by construction. */
  partial: boolean;
}

/**
 * The days a periods' read looked at, which decide what is partial: from the first day read
 * (the day asked, clamped to the history floor; or the floor when none was asked), to the day
 * asked or today, whichever is earlier.
 */
export function lookedAt(from: string | null, to: string | null, today: string): DayRange {
  return { from, to: to !== null && to < today ? to : today };
}

/** Each series' periods with data, oldest first; `range` is what was looked at. */
export function periodRecords(
  series: readonly NumericSeries[],
  unit: PeriodUnit,
  range: DayRange,
): PeriodRecord[] {
  return series.flatMap((s) =>
    byPeriod(s.points, unit, range).map((p) => ({
      metric: s.metric,
      provider: s.provider,
      unit: s.unit,
      basis: s.basis,
      period: p.period,
      days: p.days,
      mean: amount(p.mean),
      min: shownExtreme(p.points, p.min),
      max: shownExtreme(p.points, p.max),
      partial: p.partial,
    })),
  );
}
