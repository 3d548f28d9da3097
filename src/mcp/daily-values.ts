// The daily value of a metric, by the API's rules (the same rules as `healthdata summary`):
// - one row a day → that row;
// - a `<metric>_total` twin from the same provider → the twin (steps is answered from steps_total);
// - several rows a day and no twin → never added up: per day, min/mean/max over the rows and
//   how many there were.
// Series are kept per provider: two providers' steps overlap too, and are never combined.
import type { MetricRow } from '../api/types.ts';
import { TOTAL_SUFFIX } from './twins.ts';

interface Day {
  count: number;
  min: number;
  max: number;
  sum: number;
}

interface Series {
  provider: string;
  metric: string;
  unit: string | null;
  stream: boolean;
  days: Map<string, Day>;
  /** Text values (textValue rows) and how often each appears. */
  texts: Map<string, number>;
  textRows: number;
  textDays: Set<string>;
}

export type DailyRule = 'one_row_a_day' | 'total_twin' | 'several_rows_a_day' | 'text';

export interface DailyEntry {
  metric: string;
  provider: string;
  /** The metric the values come from: the twin for `total_twin`, else `metric`. */
  values_from: string;
  rule: DailyRule;
  unit: string | null;
  days: number;
  first_date: string | null;
  last_date: string | null;
  /** Over the daily values (one_row_a_day, total_twin) or over all rows (several_rows_a_day). */
  min: number | null;
  mean: number | null;
  median: number | null;
  max: number | null;
  latest: { date: string; value: number } | null;
  rows: number;
  max_rows_a_day: number;
  top_values: { value: string; count: number }[] | null;
  /** Oldest first. `value` for one value a day; count/min/mean/max for several rows a day. */
  daily: DailySeries | null;
  note: string;
}

export interface DailySeries {
  date: string[];
  value?: number[];
  count?: number[];
  min?: number[];
  mean?: number[];
  max?: number[];
}

export class DailyValues {
  readonly #series = new Map<string, Series>();

  add(row: MetricRow): void {
    const key = `${row.provider.toLowerCase()}\u0000${row.metric}`;
    let s = this.#series.get(key);
    if (!s) {
      s = {
        provider: row.provider,
        metric: row.metric,
        unit: row.unit,
        stream: row.stream === true,
        days: new Map(),
        texts: new Map(),
        textRows: 0,
        textDays: new Set(),
      };
      this.#series.set(key, s);
    }
    if (typeof row.numValue === 'number' && Number.isFinite(row.numValue)) {
      const v = row.numValue;
      const d = s.days.get(row.date);
      if (d) {
        d.count += 1;
        d.min = Math.min(d.min, v);
        d.max = Math.max(d.max, v);
        d.sum += v;
      } else {
        s.days.set(row.date, { count: 1, min: v, max: v, sum: v });
      }
    } else if (typeof row.textValue === 'string') {
      s.texts.set(row.textValue, (s.texts.get(row.textValue) ?? 0) + 1);
      s.textRows += 1;
      s.textDays.add(row.date);
    }
  }

  /**
   * One entry per provider and metric asked about (`wanted`, or all). A base metric whose twin
   * arrived is answered from the twin, and the twin is then not listed a second time.
   */
  entries(wanted?: readonly string[]): DailyEntry[] {
    const want = wanted ? new Set(wanted) : undefined;
    const byKey = this.#series;
    const out: DailyEntry[] = [];
    // Keys of series already answered: a base by its twin, and that twin.
    const answered = new Set<string>();
    for (const [key, s] of byKey) {
      if (s.metric.endsWith(TOTAL_SUFFIX)) continue;
      const twin = byKey.get(`${key}${TOTAL_SUFFIX}`);
      if (twin && twin.days.size > 0 && (!want || want.has(s.metric))) {
        answered.add(key).add(`${key}${TOTAL_SUFFIX}`);
        out.push(numericEntry(s.metric, twin, 'total_twin', s.days));
      }
    }
    for (const [key, s] of byKey) {
      if (answered.has(key) || (want && !want.has(s.metric))) continue;
      if (s.days.size === 0 && s.textRows > 0) out.push(textEntry(s));
      else {
        const several = [...s.days.values()].some((d) => d.count > 1);
        out.push(numericEntry(s.metric, s, several ? 'several_rows_a_day' : 'one_row_a_day'));
      }
    }
    return out.sort(
      (a, b) =>
        a.metric.localeCompare(b.metric) ||
        a.provider.toLowerCase().localeCompare(b.provider.toLowerCase()),
    );
  }
}

function numericEntry(
  metric: string,
  s: Series,
  rule: 'one_row_a_day' | 'total_twin' | 'several_rows_a_day',
  baseDays?: Map<string, Day>,
): DailyEntry {
  const dates = [...s.days.keys()].sort();
  const days = dates.map((d) => s.days.get(d) as Day);
  const rows = days.reduce((n, d) => n + d.count, 0);
  const maxPerDay = days.reduce((n, d) => Math.max(n, d.count), 0);
  const entry: DailyEntry = {
    metric,
    provider: s.provider,
    values_from: s.metric,
    rule,
    unit: s.unit,
    days: dates.length,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    min: null,
    mean: null,
    median: null,
    max: null,
    latest: null,
    rows,
    max_rows_a_day: maxPerDay,
    top_values: null,
    daily: null,
    note: '',
  };
  if (rule === 'several_rows_a_day') {
    // Statistics over the rows themselves: nothing here adds two rows of one day together.
    entry.min = Math.min(...days.map((d) => d.min));
    entry.max = Math.max(...days.map((d) => d.max));
    entry.mean = round(days.reduce((t, d) => t + d.sum, 0) / rows);
    entry.daily = {
      date: dates,
      count: days.map((d) => d.count),
      min: days.map((d) => d.min),
      mean: days.map((d) => round(d.sum / d.count)),
      max: days.map((d) => d.max),
    };
    const what = s.stream
      ? 'samples through the day (a stream)'
      : 'one per source app, and no _total twin exists';
    entry.note = `${metric} from ${s.provider} has up to ${maxPerDay} rows a day, ${what}: the rows are never added up. Each day shows the count, min, mean and max of its rows; min/mean/max above are over all ${rows} rows.`;
    return entry;
  }
  // One value a day: the row itself (a twin holds exactly one row a day).
  const values = days.map((d) => (d.count === 1 ? d.sum : d.max));
  const sorted = [...values].sort((a, b) => a - b);
  entry.min = sorted[0] ?? null;
  entry.max = sorted.at(-1) ?? null;
  entry.mean = values.length ? round(values.reduce((t, v) => t + v, 0) / values.length) : null;
  entry.median = median(sorted);
  const last = dates.at(-1);
  entry.latest = last === undefined ? null : { date: last, value: values.at(-1) as number };
  entry.daily = { date: dates, value: values };
  if (rule === 'total_twin') {
    const several = baseDays && [...baseDays.values()].some((d) => d.count > 1);
    entry.note = `${metric} from ${s.provider} is reported from ${s.metric}, the de-duplicated daily total${several ? `: ${s.provider} sends several ${metric} rows a day, one per source app, which must never be added up` : ''}.`;
  } else {
    entry.note = `${metric} from ${s.provider}: one row a day, which is the daily value.`;
  }
  if (maxPerDay > 1) {
    entry.note += ` A few days of ${s.metric} had more than one row; the largest is kept, never the sum.`;
  }
  return entry;
}

function textEntry(s: Series): DailyEntry {
  const top = [...s.texts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([value, count]) => ({ value, count }));
  const dates = [...s.textDays].sort();
  return {
    metric: s.metric,
    provider: s.provider,
    values_from: s.metric,
    rule: 'text',
    unit: s.unit,
    days: dates.length,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    min: null,
    mean: null,
    median: null,
    max: null,
    latest: null,
    rows: s.textRows,
    max_rows_a_day: 0,
    top_values: top,
    daily: null,
    note: `${s.metric} from ${s.provider} is text: counts and the most frequent values instead of statistics.`,
  };
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return round(value);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
