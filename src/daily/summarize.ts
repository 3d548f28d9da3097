// From day aggregates to summary lines, applying the API's daily-value rule (see types.ts).
import { meanOf, midpoint } from '../lib/finite-math.ts';
import type { PageRows } from '../api/rows/lazy-page.ts';
import type { MetricRow } from '../api/types.ts';
import { DailyAccumulator, type SeriesAggregate } from './accumulate.ts';
import { hasTwin } from './rule.ts';
import { compareText } from './order.ts';
import { ruledDays, type RuledDay } from './ruled-days.ts';
import { baseOf, twinOf } from './twins.ts';
import type { SummaryBounds } from './bounds.ts';
import { textLine, withDaily } from './text-line.ts';
import type { DailyRule, MetricSummary, NumericDay, Stats } from './types.ts';

export interface SummarizeOptions {
  /**
   * Metric names known to exist, e.g. the catalog's. `X` has a twin when `X_total` is among
   * these names or among the rows (rule.ts hasTwin). Without a catalog, the rows alone decide.
   */
  catalog?: Iterable<string>;
  /**
   * The metrics asked for; undefined means all. A twin is reported under its base metric's
   * name when the base is asked for too (`-m steps`); asked for alone, it is a metric itself.
   */
  metrics?: Iterable<string>;
  /** What the summary may keep (default DEFAULT_SUMMARY_BOUNDS). */
  bounds?: SummaryBounds;
}

/**
 * Arrays of rows, or pages (`{ data }`): a proven page of the API (canonical-proof.ts) is read off
 * its bytes, never parsed.
 */
export type Pages =
  AsyncIterable<readonly MetricRow[] | PageRows> | Iterable<readonly MetricRow[] | PageRows>;

/** Streams pages of rows once and returns one summary per metric and provider. */
export async function summarize(
  pages: Pages,
  options: SummarizeOptions = {},
): Promise<MetricSummary[]> {
  const accumulator = new DailyAccumulator(options.bounds);
  for await (const rows of pages) {
    if (isRows(rows)) accumulator.add(rows);
    else accumulator.addPage(rows);
  }
  return summariesOf(accumulator, options);
}

function isRows(rows: readonly MetricRow[] | PageRows): rows is readonly MetricRow[] {
  return Array.isArray(rows);
}

/** Summary lines from what an accumulator holds, sorted by metric then provider. */
export function summariesOf(
  acc: DailyAccumulator,
  options: SummarizeOptions = {},
): MetricSummary[] {
  // The names that decide whether a metric has a twin (rule.ts hasTwin): read once, here.
  const known = new Set([...(options.catalog ?? []), ...acc.metrics()]);
  const asked = options.metrics === undefined ? undefined : new Set(options.metrics);
  // A twin goes under its base's line unless it alone was asked for (`-m steps_total`).
  const folds = (base: string): boolean => asked === undefined || asked.has(base);

  const lines: MetricSummary[] = [];
  for (const series of acc.series()) {
    const base = baseOf(series.metric);
    if (base !== undefined && folds(base)) {
      lines.push(lineOf(acc.get(base, series.provider), series, base, known));
      continue;
    }
    if (folds(series.metric) && acc.get(twinOf(series.metric), series.provider)) continue;
    lines.push(lineOf(series, undefined, series.metric, known));
  }
  return lines.sort(
    (a, b) =>
      compareText(a.metric, b.metric) ||
      compareText(a.provider.toLowerCase(), b.provider.toLowerCase()),
  );
}

/** A line for a metric with no rows in the range (to list every catalog metric). */
export function emptySummary(metric: string, unit: string | null = null): MetricSummary {
  return {
    metric,
    provider: '',
    unit,
    rule: 'row',
    from: metric,
    days: 0,
    first: null,
    last: null,
    rows: 0,
    rowsLeftOut: 0,
    rowsPerDay: null,
    samples: false,
    stats: null,
    latest: null,
    topValues: [],
    daily: [],
  };
}

function lineOf(
  own: SeriesAggregate | undefined,
  twin: SeriesAggregate | undefined,
  metric: string,
  known: ReadonlySet<string>,
): MetricSummary {
  const first = (own ?? twin) as SeriesAggregate;
  const numericRows = (own?.numericRows ?? 0) + (twin?.numericRows ?? 0);
  const textRows = (own?.textRows ?? 0) + (twin?.textRows ?? 0);
  const unheldRows = (own?.unheldRows ?? 0) + (twin?.unheldRows ?? 0);
  // A line whose every number was past the doubles (and no text) is numeric, with no day.
  const text = numericRows === 0 && (textRows > 0 || unheldRows === 0);
  if (text) return textLine(first, metric, unheldRows);
  const ruled = ruledDays(own?.days, twin?.days, hasTwin(metric, known));
  const valued = ruled.valued;
  let fewest = Infinity;
  let most = 0;
  let rows = 0;
  let totalDays = false;
  let severalDays = false;
  for (const day of valued) {
    const n = day.table.rows[day.slot] as number;
    rows += n;
    if (n < fewest) fewest = n;
    if (n > most) most = n;
    if (day.basis === 'total') totalDays = true;
    else if (day.basis === 'several') severalDays = true;
  }
  const rule: DailyRule = totalDays ? 'twin' : severalDays ? 'several' : 'row';
  const streamRows = (own?.streamRows ?? 0) + (twin?.streamRows ?? 0);
  const newest = valued.at(-1);
  const line: Omit<MetricSummary, 'daily'> = {
    metric,
    provider: first.provider,
    unit: twin?.unit ?? own?.unit ?? null,
    rule,
    from: totalDays && twin ? twin.metric : metric,
    days: valued.length,
    first: valued[0]?.date ?? null,
    last: newest?.date ?? null,
    rows,
    rowsLeftOut: ruled.ownRowsLeftOut,
    rowsPerDay: most === 0 ? null : { min: fewest, max: most },
    // Most rows streamed: one stray flag does not turn per-app rows into samples.
    samples: streamRows * 2 > numericRows + textRows,
    stats: statsOf(valued.map((day) => day.table.meanAt(day.slot))),
    latest: newest === undefined ? null : numericDay(newest),
    topValues: [],
    ...(ruled.noTotal.length > 0 ? { noTotal: ruled.noTotal } : {}),
    ...(unheldRows > 0 ? { unheld: unheldRows } : {}),
  };
  return withDaily(line, () => valued.map(numericDay));
}

function numericDay({ date, basis, table, slot }: RuledDay): NumericDay {
  return {
    date,
    value: table.meanAt(slot),
    basis,
    rows: table.rows[slot] as number,
    min: table.min[slot] as number,
    max: table.max[slot] as number,
  };
}

/** The statistics of the daily values: each day counts once, whatever its rows. */
function statsOf(daily: readonly number[]): Stats | null {
  if (daily.length === 0) return null;
  const values = [...daily].sort((a, b) => a - b);
  const mid = values.length >> 1;
  const median =
    values.length % 2 === 1
      ? (values[mid] as number)
      : midpoint(values[mid - 1] as number, values[mid] as number);
  return {
    min: values[0] as number,
    mean: meanOf(values),
    median,
    max: values.at(-1) as number,
  };
}
