// The daily values as rows, one per metric, provider and day: what `healthdata daily` prints
// and the SQLite `daily` view holds (the same columns). Made from the summary lines, so it is
// the very value `summary`, `chart` and the rest show (rule.ts). A `several` day's value here
// is its full-precision mean, as the view holds it; `daily` prints each row as shown
// (shownRow, shown.ts).
import type { DailyBasis } from './rule.ts';
import { compareText } from './order.ts';
import type { MetricSummary, NumericDay, TextDay } from './types.ts';

export interface DailyRow {
  date: string;
  metric: string;
  provider: string;
  /** The daily value; null for text and on a `no_total` day. */
  value: number | null;
  /** A text metric's day: its one value, or a JSON array of its distinct values. */
  text: string | null;
  unit: string | null;
  basis: DailyBasis;
  /** The rows the value came from (the twin's on a `total` day; the apps' on `no_total`). */
  rows: number;
}

export const DAILY_COLUMNS = [
  'date',
  'metric',
  'provider',
  'value',
  'text',
  'unit',
  'basis',
  'rows',
] as const satisfies readonly (keyof DailyRow)[];

/** Every line's days, newest first, then by metric and provider (as `metrics` lists rows). */
export function dailyRows(summaries: readonly MetricSummary[]): DailyRow[] {
  const out: DailyRow[] = [];
  for (const s of summaries) {
    const line = { metric: s.metric, provider: s.provider, unit: s.unit };
    if (s.rule === 'text') {
      for (const d of s.daily as TextDay[]) out.push({ date: d.date, ...line, ...textOf(d) });
      continue;
    }
    for (const d of s.daily as NumericDay[]) {
      out.push({ date: d.date, ...line, value: d.value, text: null, basis: d.basis, rows: d.rows });
    }
    for (const d of s.noTotal ?? []) {
      out.push({ date: d.date, ...line, value: null, text: null, basis: 'no_total', rows: d.rows });
    }
  }
  return out.sort(newestFirst);
}

function textOf(d: TextDay): Pick<DailyRow, 'value' | 'text' | 'basis' | 'rows'> {
  const one = d.rows === 1;
  const text = one ? (d.values[0] ?? null) : d.values.length > 0 ? JSON.stringify(d.values) : null;
  return { value: null, text, basis: one ? 'single' : 'several', rows: d.rows };
}

function newestFirst(a: DailyRow, b: DailyRow): number {
  return (
    compareText(b.date, a.date) ||
    compareText(a.metric, b.metric) ||
    compareText(a.provider, b.provider)
  );
}
