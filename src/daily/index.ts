// The daily value of a health metric, by the API's rule (spec, Metric rules 2 and 3): several
// rows for one day are one per source app and are NEVER added up; a cumulative aggregator
// metric's de-duplicated daily total is its `<metric>_total` twin. Pure: no I/O.
//
// API
//   summarize(pages, { catalog?, metrics? }) → Promise<MetricSummary[]>
//     Streams pages of MetricRow (an async or sync iterable of arrays, or of pages, whose
//     proven rows are read off their bytes) once and returns one
//     summary per metric and provider, each with its daily series (oldest first). Memory is
//     bounded by metrics × providers × days, never by rows.
//     Each day's value and its basis (total, single, several, no_total) come from rule.ts,
//     the one definition of the rule; every statistic is over the daily values. A `X_total`
//     twin's line is named X (`from: 'X_total'`); text rows are counted, never averaged.
//     A number JSON.parse would round (9007199254740993) counts as its nearest double; one
//     past every double (1e400) is left out and counted in `unheld` (unheldNotes words it).
//     Daily means stay finite for any finite doubles (src/lib/finite-math.ts).
//   DailyAccumulator + summariesOf(acc, opts): the same, fed page by page.
//   emptySummary(metric): a line for a catalog metric with no rows in the range.
//   SeveralRowsDetector: finds, cheaply as rows stream, metrics with several rows for one
//     date and provider (for the notice of `metrics`); severalRowsNotice() words it.
//   RowFields, fieldsOf, viewFields: a row's fields as arguments, parsed or walked (row-walk.ts).
//   dailyRows(summaries): the same values as rows (date, metric, provider, value, text, unit,
//     basis, rows), newest first: what the SQLite view holds; `healthdata daily` prints
//     each through shownRow.
//   basisOf / hasTwin: the rule itself (rule.ts). twinOf / baseOf: the `_total` naming rule.
//   shownValue / shownDay / shownRow / shownStats / shownExtreme: the values as every surface shows them: exact as the
//     API sent them, a computed one (a `several` day's mean, a mean, a median) rounded once.
export { DailyAccumulator } from './accumulate.ts';
export { DAILY_COLUMNS, dailyRows, type DailyRow } from './daily-rows.ts';
export { basisOf, hasTwin, type DailyBasis, type ValuedBasis } from './rule.ts';
export {
  shownDay,
  shownExtreme,
  shownRow,
  shownStats,
  shownValue,
  type BasedValue,
  type ShownStats,
} from './shown.ts';
export { SeveralRowsDetector, type SeveralRowsExample } from './duplicates.ts';
export { fieldsOf, viewFields, type RowFields } from './row-fields.ts';
export { severalRowsNotice, unheldNotes, unheldWords, type SeveralRows } from './notice.ts';
export {
  emptySummary,
  summariesOf,
  summarize,
  type Pages,
  type SummarizeOptions,
} from './summarize.ts';
export { baseOf, metricsWithTwins, TWIN_SUFFIX, twinOf } from './twins.ts';
export type {
  DailyRule,
  MetricSummary,
  NoTotalDay,
  NumericDay,
  Stats,
  TextCount,
  TextDay,
} from './types.ts';
export { MAX_TEXT_VALUES_PER_DAY } from './types.ts';
export { DEFAULT_SUMMARY_BOUNDS, SummaryTooLarge, type SummaryBounds } from './bounds.ts';
