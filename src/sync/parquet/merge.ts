// One year's partition after a sync: the rows held, with the re-fetched days replaced. The
// rules are every target's (engine.ts): days before `replaceFrom` are kept; in the days from
// it on, the rows the sync's filters own are replaced by what the API sent for that day
// (nothing, for a day it no longer returns), other rows are kept; a day with `keep` (the API
// sent one of its rows broken) stays as it was.
import type { MetricRow } from '../../api/types.ts';
import { diffDay, sameRows, type RowCounts } from '../day-diff.ts';
import type { Day } from '../fetched-days.ts';
import type { RowFilter } from '../filters.ts';
import { rowIdentity } from '../row-identity.ts';
import { storedRow, utf8Text } from '../stored-text.ts';

export interface MergedYear {
  /** Newest day first; in a replaced day, the rows kept first, then the API's in its order. */
  rows: MetricRow[];
  /** False when every day came back identical: the file is not rewritten. */
  changed: boolean;
}

export function mergeYear(
  held: readonly MetricRow[],
  fetched: readonly Day[],
  replaceFrom: string | undefined,
  owns: RowFilter,
  counts: RowCounts,
): MergedYear {
  const before = byDate(held);
  const days = new Map(fetched.map((day) => [day.date, day]));
  const dates = [...new Set([...before.keys(), ...days.keys()])].sort().reverse();
  const rows: MetricRow[] = [];
  let changed = false;
  for (const date of dates) {
    const old = before.get(date) ?? [];
    const day = days.get(date);
    if ((replaceFrom !== undefined && date < replaceFrom) || day?.keep === true) {
      if (day?.keep === true) counts.unchanged += old.filter(owned(owns)).length;
      rows.push(...old);
      continue;
    }
    const kept = old.filter((r) => !owns(r.metric, r.provider));
    // As the file will hold them (stored-text.ts): UTF-8 has no lone surrogate.
    const after = (day?.rows ?? []).map((r) => storedRow(r, utf8Text));
    diffDay(old.filter(owned(owns)).map(rowIdentity), after.map(rowIdentity), counts);
    const next = [...kept, ...after];
    if (!sameRows(old.map(rowIdentity), next.map(rowIdentity))) changed = true;
    rows.push(...next);
  }
  return { rows, changed };
}

const owned =
  (owns: RowFilter) =>
  (r: MetricRow): boolean =>
    owns(r.metric, r.provider);

function byDate(rows: readonly MetricRow[]): Map<string, MetricRow[]> {
  const days = new Map<string, MetricRow[]>();
  for (const row of rows) {
    const day = days.get(row.date);
    if (day === undefined) days.set(row.date, [row]);
    else day.push(row);
  }
  return days;
}
