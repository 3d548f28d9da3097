// One summary line as a flat record: the columns of csv/tsv, and the fields of json/ndjson
// (which add the daily series). Rows per day are two numbers everywhere: {min, max} in json and
// MCP (daily-entries.ts), the columns rows_per_day_min and rows_per_day_max in csv/tsv, where
// a text "1-3" would be read by Excel as the date 1 March.
import { DEFAULT_SUMMARY_BOUNDS, shownDay, shownStats, unheldWords } from '../../daily/index.ts';
import { byteSize } from '../../lib/sizes.ts';
import type { MetricSummary, NumericDay, TextDay } from '../../daily/index.ts';
import { LIST_SEPARATOR } from '../cells.ts';

export const SUMMARY_COLUMNS = [
  'metric',
  'provider',
  'unit',
  'rule',
  'from',
  'days',
  'first',
  'last',
  'min',
  'mean',
  'median',
  'max',
  'latest',
  'rows',
  'rows_per_day_min',
  'rows_per_day_max',
  'top_values',
  'note',
] as const;

export type SummaryRecord = Record<(typeof SUMMARY_COLUMNS)[number], string | number | null>;

/** How many of the most frequent text values a line lists. */
const TOP = 5;

/**
 * The fields every shape of a summary line shares (this record, and the MCP entry), in order;
 * the statistics as every surface shows them (src/daily/shown.ts).
 */
export function summaryStats(s: MetricSummary) {
  const stats = shownStats(s);
  return {
    metric: s.metric,
    provider: s.provider,
    unit: s.unit,
    rule: s.rule,
    from: s.from,
    days: s.days,
    first: s.first,
    last: s.last,
    min: stats?.min ?? null,
    mean: stats?.mean ?? null,
    median: stats?.median ?? null,
    max: stats?.max ?? null,
  };
}

export function summaryRecord(s: MetricSummary): SummaryRecord {
  const latest = s.latest;
  return {
    ...summaryStats(s),
    latest:
      latest === null
        ? null
        : 'value' in latest
          ? shownDay(latest)
          : latest.values.join(LIST_SEPARATOR),
    rows: s.rows,
    rows_per_day_min: s.rowsPerDay?.min ?? null,
    rows_per_day_max: s.rowsPerDay?.max ?? null,
    top_values:
      s.topValues.length === 0
        ? null
        : s.topValues
            .slice(0, TOP)
            .map((t) => `${t.value} (${t.count})`)
            .join(LIST_SEPARATOR),
    note: noteOf(s),
  };
}

/**
 * The line in words: where the daily value comes from, and what was never added up; then what
 * was left out because no double holds it.
 */
export function noteOf(s: MetricSummary): string {
  return withUnheld(s, withNoTotal(s, ruleNote(s)));
}

/**
 * `note` and the days with several rows and no twin, of a metric that has one: they have no
 * value (basis no_total, daily/rule.ts). The table and the csv say it alike.
 */
export function withNoTotal(s: MetricSummary, note: string): string {
  const n = s.noTotal?.length ?? 0;
  if (n === 0) return note;
  const words = `no ${s.metric}_total on ${n} ${n === 1 ? 'day' : 'days'} of several rows: no value`;
  return note === '' || s.days === 0 ? words : `${note}; ${words}`;
}

/** `note` and, when the line left numbers past every double out, how many (daily/notice.ts). */
export function withUnheld(s: MetricSummary, note: string): string {
  if (s.unheld === undefined) return note;
  return note === '' ? unheldWords(s.unheld) : `${note}; ${unheldWords(s.unheld)}`;
}

/**
 * What a line's rule means for it, in words. `names` says how the twin and the metric's own
 * rows are named: by their names here; MCP names the fields instead (`from`, `metric`), so that
 * a note repeats no server text.
 */
export function ruleNote(
  s: MetricSummary,
  names: { twin: string; rows: string } = { twin: s.from, rows: `${s.metric} rows` },
): string {
  if (s.days === 0) return 'no data in the range';
  switch (s.rule) {
    case 'twin':
      return `daily total from ${names.twin}${s.rowsLeftOut > 0 ? `; the ${s.rowsLeftOut} ${names.rows} (one per source app) left out` : ''}`;
    case 'several':
      return `${severalRows(s)}: a day's value is their mean, never their sum`;
    case 'text':
      return `text: counts, not statistics${s.textCut ? `; ${textCutNote(s.textCut)}` : ''}`;
    case 'row':
      return '';
  }
}

/** What the bounds on text values left out of a line (src/daily/bounds.ts), in words. */
export function textCutNote(cut: { long: number; uncounted: number }): string {
  const { maxDistinctTexts, maxTextLength, maxTextBytes } = DEFAULT_SUMMARY_BOUNDS;
  const parts = [];
  if (cut.uncounted > 0) {
    parts.push(
      `${count(cut.uncounted)} rows counted but not listed by value (a summary lists at most ${count(maxDistinctTexts)} distinct values a line, ${byteSize(maxTextBytes)} in all)`,
    );
  }
  if (cut.long > 0) {
    parts.push(
      `${count(cut.long)} values over ${count(maxTextLength)} characters counted by their start`,
    );
  }
  return parts.join('; ');
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * What several rows a day are, in words: streamed samples of one source, or one row per
 * source app (the wording of the several-rows notice of `metrics`).
 */
export function severalRows(s: MetricSummary): string {
  const n = rowsPerDay(s) ?? '0';
  return s.samples
    ? `separate samples through the day (${n} rows)`
    : `several sources a day (${n} rows)`;
}

/** "2" or "1-3": the fewest and most rows in one day. */
export function rowsPerDay(s: MetricSummary): string | null {
  const r = s.rowsPerDay;
  return r === null ? null : r.min === r.max ? String(r.min) : `${r.min}-${r.max}`;
}

/**
 * The json/ndjson item: the record plus the daily series, oldest first. A `several` day's
 * min and max are two of its rows, as sent.
 */
export function summaryDocument(s: MetricSummary): object {
  const daily =
    s.rule === 'text'
      ? (s.daily as TextDay[])
      : (s.daily as NumericDay[]).map((d) =>
          d.basis === 'several'
            ? {
                date: d.date,
                value: shownDay(d),
                basis: d.basis,
                rows: d.rows,
                min: d.min,
                max: d.max,
              }
            : { date: d.date, value: shownDay(d), basis: d.basis },
        );
  const record = summaryRecord(s);
  const r = s.rowsPerDay;
  return {
    ...summaryStats(s),
    latest: record.latest,
    rows: record.rows,
    // The same shape as MCP's entry (daily-entries.ts): one object, not csv's two columns.
    rows_per_day: r === null ? null : { min: r.min, max: r.max },
    top_values: record.top_values,
    note: record.note,
    daily,
  };
}
