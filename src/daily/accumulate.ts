// Per (metric, provider), per day: a handful of numbers, never the rows themselves. Memory is
// bounded by metrics × providers × days, whatever the number of rows (a 1M-row export of
// streamed samples costs the same as its 30k daily rows).
import type { MetricRow } from '../api/types.ts';
import { MAX_TEXT_VALUES_PER_DAY } from './types.ts';

export interface DayAggregate {
  /** Numeric rows. */
  rows: number;
  sum: number;
  min: number;
  max: number;
  /** Rows with a textValue only, and the day's distinct values (bounded). */
  textRows: number;
  texts: string[] | undefined;
}

export interface SeriesAggregate {
  metric: string;
  provider: string;
  unit: string | null;
  /** By date, in the order seen. */
  days: Map<string, DayAggregate>;
  numericRows: number;
  textRows: number;
  /** Rows flagged `stream`: samples through the day from one source, not one per app. */
  streamRows: number;
  /** Every text value with its count. */
  textCounts: Map<string, number>;
}

/** Feed pages of rows in any order; read the aggregates when done. */
export class DailyAccumulator {
  readonly #byMetric = new Map<string, Map<string, SeriesAggregate>>();
  // Rows of one metric and provider come in runs; skip both lookups within a run.
  #last: SeriesAggregate | undefined;

  add(rows: Iterable<MetricRow>): void {
    for (const row of rows) {
      let series = this.#last;
      if (
        series === undefined ||
        series.metric !== row.metric ||
        series.provider !== row.provider
      ) {
        series = this.#series(row.metric, row.provider);
        this.#last = series;
      }
      const num = row.numValue;
      const text = row.textValue;
      const isNumber = typeof num === 'number' && Number.isFinite(num);
      if (!isNumber && typeof text !== 'string') continue;
      if (row.stream === true) series.streamRows++;
      series.unit ??= row.unit ?? null;
      let day = series.days.get(row.date);
      if (day === undefined) {
        day = { rows: 0, sum: 0, min: Infinity, max: -Infinity, textRows: 0, texts: undefined };
        series.days.set(row.date, day);
      }
      if (isNumber) {
        series.numericRows++;
        day.rows++;
        day.sum += num;
        if (num < day.min) day.min = num;
        if (num > day.max) day.max = num;
      } else {
        series.textRows++;
        day.textRows++;
        series.textCounts.set(text as string, (series.textCounts.get(text as string) ?? 0) + 1);
        day.texts ??= [];
        if (day.texts.length < MAX_TEXT_VALUES_PER_DAY && !day.texts.includes(text as string)) {
          day.texts.push(text as string);
        }
      }
    }
  }

  /** Every (metric, provider) seen. */
  *series(): IterableIterator<SeriesAggregate> {
    for (const byProvider of this.#byMetric.values()) yield* byProvider.values();
  }

  get(metric: string, provider: string): SeriesAggregate | undefined {
    return this.#byMetric.get(metric)?.get(provider);
  }

  metrics(): IterableIterator<string> {
    return this.#byMetric.keys();
  }

  #series(metric: string, provider: string): SeriesAggregate {
    let byProvider = this.#byMetric.get(metric);
    if (byProvider === undefined) this.#byMetric.set(metric, (byProvider = new Map()));
    let series = byProvider.get(provider);
    if (series === undefined) {
      series = {
        metric,
        provider,
        unit: null,
        days: new Map(),
        numericRows: 0,
        textRows: 0,
        streamRows: 0,
        textCounts: new Map(),
      };
      byProvider.set(provider, series);
    }
    return series;
  }
}
