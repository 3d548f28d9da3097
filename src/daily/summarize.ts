// From day aggregates to summary lines, applying the API's daily-value rule (see types.ts).
import { meanOf, midpoint, weightedMeanOf } from '../lib/finite-math.ts';
import type { PageRows } from '../api/rows/lazy-page.ts';
import type { MetricRow } from '../api/types.ts';
import { DailyAccumulator, type SeriesAggregate } from './accumulate.ts';
import type { DayTable } from './day-table.ts';
import { baseOf, metricsWithTwins, twinOf } from './twins.ts';
import type { SummaryBounds } from './bounds.ts';
import type { DailyRule, MetricSummary, NumericDay, Stats, TextDay } from './types.ts';

export interface SummarizeOptions {
  /**
   * Metric names known to exist, e.g. the catalog's. `X` has a twin when `X_total` is among
   * these names or among the rows. Without a catalog, the rows alone decide.
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
  const known = new Set([...(options.catalog ?? []), ...acc.metrics()]);
  const withTwin = metricsWithTwins(known);
  const asked = options.metrics === undefined ? undefined : new Set(options.metrics);
  const folds = (base: string): boolean =>
    withTwin.has(base) && (asked === undefined || asked.has(base));

  const lines: MetricSummary[] = [];
  for (const series of acc.series()) {
    const base = baseOf(series.metric);
    if (base !== undefined && folds(base)) {
      const own = acc.get(base, series.provider);
      lines.push(lineOf(series, base, 'twin', own ? own.numericRows + own.textRows : 0));
      continue;
    }
    if (folds(series.metric) && acc.get(twinOf(series.metric), series.provider)) continue;
    lines.push(lineOf(series, series.metric, undefined, 0));
  }
  return lines.sort(
    (a, b) =>
      compare(a.metric, b.metric) || compare(a.provider.toLowerCase(), b.provider.toLowerCase()),
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
  series: SeriesAggregate,
  metric: string,
  twin: 'twin' | undefined,
  rowsLeftOut: number,
): MetricSummary {
  const days = series.days;
  // A line whose every number was past the doubles (and no text) is numeric, with no day.
  const text = series.numericRows === 0 && (series.textRows > 0 || series.unheldRows === 0);
  // The days of the daily series, oldest first: every day of a text line; the days with
  // numbers of a numeric one.
  const slots = days.byDate().filter((slot) => text || (days.rows[slot] as number) > 0);
  const counts = text ? days.textRows : days.rows;
  let fewest = Infinity;
  let most = 0;
  for (const slot of slots) {
    const n = counts[slot] as number;
    if (n < fewest) fewest = n;
    if (n > most) most = n;
  }
  const rowsPerDay = most === 0 ? null : { min: fewest, max: most };
  let rule: DailyRule;
  if (text) rule = 'text';
  else if (twin) rule = 'twin';
  else rule = (rowsPerDay?.max ?? 1) > 1 ? 'several' : 'row';

  const dayAt = (slot: number): NumericDay | TextDay =>
    text ? textDay(days, slot) : numericDay(days, slot);
  const newest = slots.at(-1);
  const line: Omit<MetricSummary, 'daily'> = {
    metric,
    provider: series.provider,
    unit: series.unit,
    rule,
    from: series.metric,
    days: slots.length,
    first: slots.length === 0 ? null : (days.dates[slots[0] as number] as string),
    last: newest === undefined ? null : (days.dates[newest] as string),
    rows: text ? series.textRows : series.numericRows,
    rowsLeftOut,
    rowsPerDay,
    // Most rows streamed: one stray flag does not turn per-app rows into samples.
    samples: series.streamRows * 2 > series.numericRows + series.textRows,
    stats: text ? null : statsOf(days, slots, rule === 'several'),
    latest: newest === undefined ? null : dayAt(newest),
    topValues: [...series.textCounts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || compare(a.value, b.value)),
    ...(series.longTextRows + series.uncountedTextRows > 0
      ? { textCut: { long: series.longTextRows, uncounted: series.uncountedTextRows } }
      : {}),
    ...(series.unheldRows > 0 ? { unheld: series.unheldRows } : {}),
  };
  // The daily series, made when first read (and then kept). A csv or table summary reads only
  // the stats and the newest day: an object per day of every line (~33,000 for four years of
  // 23 lines), made at the end, only added to its peak memory (bench/README.md, issue 22).
  // Enumerable, as a plain field: JSON and spreads see it.
  let daily: NumericDay[] | TextDay[] | undefined;
  Object.defineProperty(line, 'daily', {
    enumerable: true,
    configurable: true,
    get: () => (daily ??= slots.map(dayAt) as NumericDay[] | TextDay[]),
  });
  return line as MetricSummary;
}

function numericDay(days: DayTable, slot: number): NumericDay {
  return {
    date: days.dates[slot] as string,
    value: days.meanAt(slot),
    rows: days.rows[slot] as number,
    min: days.min[slot] as number,
    max: days.max[slot] as number,
  };
}

function textDay(days: DayTable, slot: number): TextDay {
  return {
    date: days.dates[slot] as string,
    rows: days.textRows[slot] as number,
    values: days.texts.get(slot) ?? [],
  };
}

/** The stats of the daily values (`slots`, oldest first), as numericDay makes each. */
function statsOf(days: DayTable, slots: readonly number[], perRow: boolean): Stats | null {
  if (slots.length === 0) return null;
  const valueAt = (slot: number): number => days.meanAt(slot);
  if (perRow) {
    // Every row counts once: the mean of all rows, not a mean of daily means.
    let min = Infinity;
    let max = -Infinity;
    for (const slot of slots) {
      min = Math.min(min, days.min[slot] as number);
      max = Math.max(max, days.max[slot] as number);
    }
    const mean = weightedMeanOf(
      slots.map(valueAt),
      slots.map((slot) => days.rows[slot] as number),
    );
    return { min, mean, median: null, max };
  }
  const values = slots.map(valueAt).sort((a, b) => a - b);
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
