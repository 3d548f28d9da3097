// What the HTML report holds: the JSON embedded in the page, which its script turns into DOM
// with textContent only. Every number here was computed in Node by the code behind `summary`
// (src/daily, output/summary/record.ts), `anomalies` (src/insight scoreDays/findAnomalies) and
// `summary --by` (src/insight byPeriod); the page only draws and formats them. Every string
// that came from the server (metric, provider, unit, text values, plan) is data, never markup.
// The page's script (client/*.js) reads this shape too: keep it plain JSON.
import type { PeriodStat } from '../insight/periods.ts';

export interface ReportModel {
  /** The calendar day the report was made on (the injected clock) and the tool's version. */
  made: string;
  version: string;
  source: ReportSource;
  /** Whose data: the config profile and the API profile's display name, as given. */
  person: ReportPerson;
  /** The same in words for the title (title.ts), escaped of controls; null: no one is named. */
  who: string | null;
  /** The days shown: the range asked for, `from` clamped to the plan's floor, `to` to today. */
  range: { from: string; to: string; days: number };
  /** The range as asked for (`--from`/`--to` resolved to dates). */
  asked: { from: string; to: string | null };
  /** Set when `--from` lay before the plan's history floor and was moved up to it. */
  clamp: { asked: string; floor: string; plan: string } | null;
  meta: ReportMeta | null;
  /** Today, when the range reaches it: its data may be partial (the day is not over). */
  today: string | null;
  rule: { window: number; minDays: number; threshold: number };
  /** The means drawn over the daily values: weekly for short ranges, monthly for long ones. */
  periodUnit: 'week' | 'month';
  series: NumericSeriesModel[];
  texts: TextSeriesModel[];
  /** Metrics asked for (or in the catalog) with no day of data in the range. */
  empty: { metric: string; unit: string | null }[];
  coverage: ProviderCoverage[];
}

export type ReportSource =
  { kind: 'api'; demo: boolean } | { kind: 'db'; file: string; lastSync: string | null };

export interface ReportPerson {
  /** The config profile the run used (--profile, HEALTHDATA_PROFILE), if any. */
  profile: string | null;
  /** The display name the API's profile endpoint gave, if any. */
  displayName: string | null;
}

export interface ReportMeta {
  plan: string;
  historyWindowDays: number | null;
  historyFloor: string | null;
  sourceCap: number | null;
}

/** The numbers of a summary line, exactly as `summary -f json` gives them. */
export interface SummaryNumbers {
  days: number;
  first: string | null;
  last: string | null;
  min: number | null;
  mean: number | null;
  median: number | null;
  max: number | null;
  latest: number | string | null;
  rows: number;
  rows_per_day: { min: number; max: number } | null;
  top_values: string | null;
  note: string;
}

interface SeriesBase {
  /** An id made here (`s3`), never from a server string: anchors and aria links use it. */
  id: string;
  metric: string;
  provider: string;
  unit: string | null;
  /** summary's rule: `row`, `twin` (the _total twin), `several` (the mean of the day's rows), `text`. */
  rule: string;
  summary: SummaryNumbers;
  /** The chart's text alternative, in words. */
  alt: string;
}

export interface NumericSeriesModel extends SeriesBase {
  /** One entry per day of `range`, from its first day; null where the day has no data. */
  values: (number | null)[];
  /** Data on fewer than half the days from the first to the last: drawn joined across gaps. */
  sparse: boolean;
  /** The baseline of each day (median of the window before it) and its band, null without one. */
  median: (number | null)[];
  low: (number | null)[];
  high: (number | null)[];
  z: (number | null)[];
  /** The mean of the day's week or month (summary --by), drawn as a step. */
  periodMean: (number | null)[];
  periods: PeriodModel[];
  /** Flagged days in the range, oldest first, as `anomalies` gives them. */
  anomalies: AnomalyModel[];
}

/** A period's statistics, as `summary --by` computes them (src/insight/periods.ts). */
// Without the period's points: the page draws the daily values already, once.
export type PeriodModel = Omit<PeriodStat, 'points'>;

export interface AnomalyModel {
  date: string;
  value: number;
  median: number;
  z: number;
  direction: 'high' | 'low';
}

export interface TextSeriesModel extends SeriesBase {
  /** Every value with how many days had it, most frequent first. */
  counts: { value: string; count: number }[];
  /** Per day with data: its values, oldest first. */
  daily: { date: string; values: string[] }[];
}

export interface ProviderCoverage {
  provider: string;
  /** Per day of `range`: how many of this provider's metrics have data that day. */
  metricsPerDay: number[];
  /** How many metrics this provider reported in the range at all. */
  metrics: number;
  daysWithData: number;
  /** Runs of days without any data, in the range. */
  gaps: { from: string; to: string; days: number }[];
}
