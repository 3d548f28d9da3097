// `daily --wide`: one record per day (newest first) with a column per metric, for spreadsheets
// and pandas. A metric from several providers gets a column per provider, `metric@provider`;
// a text metric's column holds its text. A no_total day is an empty cell, as in the long form.
// Every calendar day of the range is a record, with empty cells where nothing was measured: a
// spreadsheet's date axis and pandas' index then have no silent holes.
import type { DailyRow } from '../../../daily/index.ts';
import { addDays } from '../../../lib/dates.ts';

/** One flat record of `daily`'s output: names, numbers, flags. */
export type DailyRecord = Record<string, string | number | boolean | null>;

/** What a column holds, for the json form's meta (csv has only the names). */
export interface WideColumn {
  metric: string;
  provider: string;
  unit: string | null;
}

export interface WideTable {
  records: DailyRecord[];
  columns: Record<string, WideColumn>;
}

/**
 * The wide table of `rows`, one record a day from the range's start (else the first day with
 * data) to its end (else the last day with data); none when there are no rows.
 */
export function wideTable(
  rows: readonly DailyRow[],
  range: { from: string | null; to: string | null },
): WideTable {
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
  const described = new Map<string, WideColumn>();
  for (const r of rows) {
    const name = column(r);
    const seen = described.get(name);
    // The unit of the column's first row that has one: a metric's unit is one per provider.
    if (seen === undefined || seen.unit === null) {
      described.set(name, { metric: r.metric, provider: r.provider, unit: r.unit });
    }
  }
  const names = [...described.keys()].sort();
  const empty = (date: string): DailyRecord => ({
    date,
    ...Object.fromEntries(names.map((c) => [c, null])),
  });
  const byDate = new Map<string, DailyRecord>();
  for (const r of rows) {
    let record = byDate.get(r.date);
    // Every column in every record, in one order: csv takes its header from them.
    if (record === undefined) byDate.set(r.date, (record = empty(r.date)));
    record[column(r)] = r.value ?? r.text;
  }
  const dates = [...byDate.keys()].sort();
  const first = range.from ?? dates[0];
  const last = range.to ?? dates.at(-1);
  const records: DailyRecord[] = [];
  // A range with nothing measured is no table (its header alone), not a column of bare dates.
  if (rows.length > 0 && first !== undefined && last !== undefined) {
    for (let date = last; date >= first; date = addDays(date, -1)) {
      records.push(byDate.get(date) ?? empty(date));
    }
  }
  return {
    records,
    columns: Object.fromEntries(names.map((n) => [n, described.get(n) as WideColumn])),
  };
}
