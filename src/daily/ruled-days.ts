// One (metric, provider)'s days under the rule (rule.ts): its own rows' days and its twin's,
// merged date by date, each given its basis and the table its value is read from.
import type { DayTable } from './day-table.ts';
import { basisOf, type ValuedBasis } from './rule.ts';
import type { NoTotalDay } from './types.ts';

/** A day with a value: `slot` of `table` (the twin's on a `total` day, else the metric's). */
export interface RuledDay {
  date: string;
  basis: ValuedBasis;
  table: DayTable;
  slot: number;
}

export interface RuledDays {
  /** Oldest first. */
  valued: RuledDay[];
  /** Oldest first: days whose rows give no value (basis `no_total`). */
  noTotal: NoTotalDay[];
  /** The metric's own numeric rows on days the twin's value stands for, or on no_total days. */
  ownRowsLeftOut: number;
}

export function ruledDays(
  own: DayTable | undefined,
  twin: DayTable | undefined,
  metricHasTwin: boolean,
): RuledDays {
  const dates = new Set<string>([...(own?.dates ?? []), ...(twin?.dates ?? [])]);
  const valued: RuledDay[] = [];
  const noTotal: NoTotalDay[] = [];
  let ownRowsLeftOut = 0;
  for (const date of [...dates].sort()) {
    const twinSlot = twin?.slot(date);
    const ownSlot = own?.slot(date);
    const twinRows = twin && twinSlot !== undefined ? (twin.rows[twinSlot] as number) : 0;
    const ownRows = own && ownSlot !== undefined ? (own.rows[ownSlot] as number) : 0;
    const basis = basisOf(twinRows, ownRows, metricHasTwin);
    if (basis === undefined) continue;
    if (basis === 'total') {
      ownRowsLeftOut += ownRows;
      valued.push({ date, basis, table: twin as DayTable, slot: twinSlot as number });
    } else if (basis === 'no_total') {
      ownRowsLeftOut += ownRows;
      noTotal.push({ date, rows: ownRows });
    } else {
      valued.push({ date, basis, table: own as DayTable, slot: ownSlot as number });
    }
  }
  return { valued, noTotal, ownRowsLeftOut };
}
