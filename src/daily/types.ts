// What a daily summary holds. Shared by `summary`, `chart` and anything else that shows a
// daily value (the MCP server's daily_summary tool).

/**
 * How the daily value of a summary line is found:
 * - `row`: one row a day; the daily value is that row.
 * - `twin`: a cumulative aggregator metric; the daily value is its `<metric>_total` twin's
 *   row (the aggregator's de-duplicated total), and the metric's own rows are left out.
 * - `several`: several rows a day (one per source app, or samples) and no twin: the rows are
 *   never added up; the day is described by its rows' count, min, mean and max.
 * - `text`: rows with a textValue only; counted, never averaged.
 */
export type DailyRule = 'row' | 'twin' | 'several' | 'text';

export interface NumericDay {
  date: string;
  /** The day's value: its row (or its twin's); with several rows, their mean, never their sum. */
  value: number;
  /** Rows that day. More than 1 only under the `several` rule. */
  rows: number;
  min: number;
  max: number;
}

export interface TextDay {
  date: string;
  rows: number;
  /** The day's distinct values, in the order first seen (at most MAX_TEXT_VALUES_PER_DAY). */
  values: string[];
}

export interface Stats {
  min: number;
  mean: number;
  /** Median of the daily values; null under the `several` rule, where rows are not kept. */
  median: number | null;
  max: number;
}

export interface TextCount {
  value: string;
  count: number;
}

export interface MetricSummary {
  /** The metric reported: the base name (`steps`) when its value comes from the twin. */
  metric: string;
  provider: string;
  unit: string | null;
  rule: DailyRule;
  /** The metric whose rows give the daily value: `steps_total` under `twin`, else `metric`. */
  from: string;
  /** Days with data, and the first and last of them (null when there is none in the range). */
  days: number;
  first: string | null;
  last: string | null;
  /** All rows that fed this line (under `twin`, the twin's rows). */
  rows: number;
  /** Under `twin`: rows of the metric itself that were left out because the twin covers them. */
  rowsLeftOut: number;
  /** Fewest and most rows in one day: how many sources (or samples) a day. */
  rowsPerDay: { min: number; max: number } | null;
  /**
   * The rows are streamed samples (`stream: true`): under `several`, separate samples through
   * the day from one source rather than one row per source app.
   */
  samples: boolean;
  /**
   * Numbers: under `row` and `twin`, of the daily values; under `several`, over all rows
   * (min, mean, max) — the per-source rows are summarised, never added. Null for text.
   */
  stats: Stats | null;
  /**
   * The newest day: its daily value, as in `daily` (under `several`, the mean of its rows, with
   * their min and max beside it).
   */
  latest: NumericDay | TextDay | null;
  /** Text metrics: every value with its count, most frequent first. Empty for numbers. */
  topValues: TextCount[];
  /**
   * Text metrics past the bounds of src/daily/bounds.ts: rows whose value was longer than the
   * kept length (`long`: its start is counted), and rows counted but not by value because the
   * line already had as many distinct values as it keeps (`uncounted`). Absent when none.
   */
  textCut?: { long: number; uncounted: number };
  /**
   * Rows whose number no double holds (1e400, -1e400: JSON.parse reads ±Infinity), left out
   * of every statistic and counted here, for the command to say. Absent when none.
   */
  unheld?: number;
  /** Oldest first: the daily series. */
  daily: NumericDay[] | TextDay[];
}

export const MAX_TEXT_VALUES_PER_DAY = 20;
