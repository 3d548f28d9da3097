// `daily --wide`: one record per day (newest first) with a column per metric, for spreadsheets
// and pandas. A metric from several providers gets a column per provider, `metric@provider`;
// a text metric's column holds its text. A no_total day is an empty cell, as in the long form.
import type { DailyRow } from '../../../daily/index.ts';

/** One flat record of `daily`'s output: names, numbers, flags. */
export type DailyRecord = Record<string, string | number | boolean | null>;

export function wideRecords(rows: readonly DailyRow[]): DailyRecord[] {
  const providers = new Map<string, Set<string>>();
  for (const r of rows) {
    let set = providers.get(r.metric);
    if (set === undefined) providers.set(r.metric, (set = new Set()));
    set.add(r.provider);
  }
  // A metric named `date` is told apart from the date column by its provider too.
  const column = (r: DailyRow): string =>
    (providers.get(r.metric)?.size ?? 0) > 1 || r.metric === 'date'
      ? `${r.metric}@${r.provider}`
      : r.metric;
  const columns = [...new Set(rows.map(column))].sort();
  const byDate = new Map<string, DailyRecord>();
  for (const r of rows) {
    let record = byDate.get(r.date);
    if (record === undefined) {
      // Every column in every record, in one order: csv takes its header from them.
      record = { date: r.date, ...Object.fromEntries(columns.map((c) => [c, null])) };
      byDate.set(r.date, record);
    }
    record[column(r)] = r.value ?? r.text;
  }
  return [...byDate.values()];
}
