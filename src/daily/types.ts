// What a daily summary holds. Shared by `summary`, `chart` and anything else that shows a
// daily value (the MCP server's daily_summary tool). Each day's value follows rule.ts.
import type { ValuedBasis } from './rule.ts';

/**
 * A line's rule in one word, from its days' bases (rule.ts), for notes and the csv column:
 * - `row`: every day is one row (`single`).
 * - `twin`: some day takes the `<metric>_total` twin's value (`total`); the metric's own rows
 *   on those days are left out.
 * - `several`: some day has several rows and no twin (`several`: their mean, never their sum).
 * - `text`: rows with a textValue only; counted, never averaged.
 */
export type DailyRule = 'row' | 'twin' | 'several' | 'text';

export interface NumericDay {
  date: string;
  /** The day's value: its row (or its twin's); with several rows, their mean, never their sum. */
  value: number;
  /** Why it is that value (rule.ts). */
  basis: ValuedBasis;
  /** Rows that gave the value (the twin's on a `total` day). */
  rows: number;
  min: number;
  max: number;
}

/** A day whose rows give no value (basis `no_total`, rule.ts): `rows` of the metric, no twin. */
export interface NoTotalDay {
  date: string;
  rows: number;
}

export interface TextDay {
  date: string;
  rows: number;
  /** The day's distinct values, in the order first seen (at most MAX_TEXT_VALUES_PER_DAY). */
  values: string[];
}

/** Of the daily values (one per day with a value, whatever its basis), never of rows. */
export interface Stats {
  min: number;
  mean: number;
  /** Median of the daily values; null only for a line that has none. */
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
  /** All rows that gave a daily value (on `total` days, the twin's rows). */
  rows: number;
  /** Rows of the metric itself left out: on days the twin covers, and on `no_total` days. */
  rowsLeftOut: number;
  /** Days whose rows give no value (several rows, the metric has a twin, none that day). */
  noTotal?: NoTotalDay[];
  /** Fewest and most rows in one day: how many sources (or samples) a day. */
  rowsPerDay: { min: number; max: number } | null;
  /**
   * The rows are streamed samples (`stream: true`): under `several`, separate samples through
   * the day from one source rather than one row per source app.
   */
  samples: boolean;
  /** Numbers: of the daily values (a `several` day counts once, as its mean). Null for text. */
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
