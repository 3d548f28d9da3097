// A day's value in an insight record: as the API sent it when it is one row or the `_total`
// twin (exact, never rounded), and rounded as an amount when it is the mean of several rows
// (src/daily's `several` basis): only a number this program computed is rounded.
import type { NumericSeries } from '../from-daily.ts';
import { amount } from '../precision.ts';

export function dayValue(value: number, basis: NumericSeries['basis']): number {
  return basis === 'several' ? amount(value) : value;
}

/** Which days a record covers: [from, to], either end open when null. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export function inRange(range: DayRange): (date: string) => boolean {
  return (date) =>
    (range.from === null || date >= range.from) && (range.to === null || date <= range.to);
}
