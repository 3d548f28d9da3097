// The daily values as people and models read them, on every surface (`daily`, `summary`, the
// insight commands, `report`, MCP): a number the API sent is shown exact, a number this
// program computed is rounded once, by src/lib/precision.ts. A `total` or `single` day is a
// row as sent; a `several` day is the mean of its rows, computed. The statistics are computed
// too, except a min or max that is a day's value: it is shown as that day is.
import { amount } from '../lib/precision.ts';
import type { DailyRow } from './daily-rows.ts';
import type { ValuedBasis } from './rule.ts';
import type { MetricSummary, NumericDay } from './types.ts';

/** A day's value and how it was found; no basis: a value as given, shown as it is. */
export interface BasedValue {
  value: number;
  basis?: ValuedBasis | undefined;
}

/** A day's value as shown: exact as the API sent it, or amount() of a `several` day's mean. */
export function shownValue(value: number, basis: ValuedBasis): number {
  return basis === 'several' ? amount(value) : value;
}

/** A day's value as shown (shownValue). */
export function shownDay(day: BasedValue): number {
  return day.basis === undefined ? day.value : shownValue(day.value, day.basis);
}

/** A row of `daily` (daily-rows.ts) as shown: its value, if any, through shownValue. */
export function shownRow(row: DailyRow): DailyRow {
  return row.value === null || row.basis === 'no_total'
    ? row
    : { ...row, value: shownValue(row.value, row.basis) };
}

export interface ShownStats {
  min: number;
  mean: number;
  median: number | null;
  max: number;
}

/**
 * A numeric line's statistics as shown: mean and median through amount(); min and max as
 * the days that hold them are shown (exact unless the day is a `several` mean). Null for a
 * line with no numeric day.
 */
export function shownStats(s: MetricSummary): ShownStats | null {
  const stats = s.stats;
  if (stats === null || s.rule === 'text') return null;
  return {
    min: shownExtreme(s.daily as NumericDay[], stats.min),
    mean: amount(stats.mean),
    median: amount(stats.median),
    max: shownExtreme(s.daily as NumericDay[], stats.max),
  };
}

/**
 * A min or max of `days` (`value`) as the day that holds it is shown: exact when a day sent by
 * the API holds it, amount() when only `several` means do.
 */
export function shownExtreme(days: Iterable<BasedValue>, value: number): number {
  let computed = false;
  for (const d of days) {
    if (d.value !== value) continue;
    if (d.basis !== 'several') return value;
    computed = true;
  }
  return computed ? amount(value) : value;
}
