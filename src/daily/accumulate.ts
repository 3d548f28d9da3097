// Per (metric, provider), per day: a handful of numbers, never the rows themselves. Memory is
// bounded by metrics × providers × days, whatever the number of rows (a 1M-row export of
// streamed samples costs the same as its 30k daily rows), and all of it by a byte budget
// (bounds.ts): the server decides how many names, days and text values there are, not how
// much of them is kept.
import { RawNumber } from '../api/exact-numbers.ts';
import type { PageRows } from '../api/rows/lazy-page.ts';
import { RowWalker, type RowView } from '../api/rows/row-walk.ts';
import type { MetricRow } from '../api/types.ts';
import {
  DAY_BYTES,
  DEFAULT_SUMMARY_BOUNDS,
  keptText,
  lineBytes,
  stringBytes,
  SummaryBudget,
  type SummaryBounds,
} from './bounds.ts';
import { DayTable } from './day-table.ts';
import { fieldsOf, viewFields, type RowFields } from './row-fields.ts';
import { MAX_TEXT_VALUES_PER_DAY } from './types.ts';

export interface SeriesAggregate {
  metric: string;
  provider: string;
  unit: string | null;
  /** By date, in the order seen. */
  days: DayTable;
  numericRows: number;
  textRows: number;
  /** Rows flagged `stream`: samples through the day from one source, not one per app. */
  streamRows: number;
  /** Every text value with its count (values as kept: see bounds.ts). */
  textCounts: Map<string, number>;
  /** Text rows whose value was cut to the kept length. */
  longTextRows: number;
  /** Text rows whose value was past the distinct values or bytes kept: counted, not by value. */
  uncountedTextRows: number;
  /** Rows whose number no double holds (1e400, -1e400): counted and left out. */
  unheldRows: number;
}

/**
 * A row's number as statistics take it: a double, or `unheld` when it is past every double
 * (JSON.parse would make 1e400 Infinity), or undefined when the row has none. A number JSON.parse
 * would only round (9007199254740993, 1e-400) is its nearest double: the text is kept exactly
 * only where rows are written out (exact-numbers.ts), never needed for a mean.
 */
function heldNumber(num: unknown): number | 'unheld' | undefined {
  if (typeof num === 'number') return Number.isFinite(num) ? num : 'unheld';
  if (num instanceof RawNumber) {
    const value = num.toDouble();
    return Number.isFinite(value) ? value : 'unheld';
  }
  return undefined;
}

/** Feed pages of rows in any order; read the aggregates when done. */
export class DailyAccumulator {
  readonly #byMetric = new Map<string, Map<string, SeriesAggregate>>();
  // Rows of one metric and provider come in runs; skip both lookups within a run.
  #last: SeriesAggregate | undefined;
  #lastSlot = -1;
  #lastDaySeries: SeriesAggregate | undefined;
  #lastDate = '';
  readonly #budget: SummaryBudget;
  /** One string per date for all lines: each row brings its own copy of the same ten characters. */
  readonly #dates = new Map<string, string>();
  readonly #walker = new RowWalker();

  constructor(bounds: SummaryBounds = DEFAULT_SUMMARY_BOUNDS) {
    this.#budget = new SummaryBudget(bounds);
  }

  add(rows: Iterable<MetricRow>): void {
    for (const row of rows) this.#row(row);
  }

  /** A page's rows: read off its bytes when proven (row-walk.ts), never parsed then. */
  addPage(page: PageRows): void {
    this.#walker.walk(page, this.#visit);
  }

  readonly #visit = (row: RowView): void => viewFields(row, this.#fields);

  #row(row: MetricRow): void {
    fieldsOf(row, this.#fields);
  }

  readonly #fields: RowFields = (metric, provider, date, num, text, unit, stream) => {
    let series = this.#last;
    if (series === undefined || series.metric !== metric || series.provider !== provider) {
      series = this.#series(metric, provider);
      this.#last = series;
    }
    const held = heldNumber(num);
    if (held === 'unheld') series.unheldRows++;
    const number = held === 'unheld' ? undefined : held;
    const isNumber = number !== undefined;
    if (!isNumber && typeof text !== 'string') return;
    if (stream) series.streamRows++;
    if (series.unit === null && typeof unit === 'string') {
      this.#budget.take(stringBytes(unit));
      series.unit = unit;
    }
    // Rows of one day, metric and provider come in runs too (a day's samples).
    const days = series.days;
    let slot = this.#lastSlot;
    if (this.#lastDaySeries !== series || this.#lastDate !== date) {
      const seen = days.slot(date);
      if (seen === undefined) {
        this.#budget.days++;
        this.#budget.take(DAY_BYTES);
        slot = days.add(this.#date(date));
      } else {
        slot = seen;
      }
      this.#lastSlot = slot;
      this.#lastDaySeries = series;
      this.#lastDate = date;
    }
    if (isNumber) {
      series.numericRows++;
      days.rows[slot] = (days.rows[slot] as number) + 1;
      days.addValue(slot, number);
      if (number < (days.min[slot] as number)) days.min[slot] = number;
      if (number > (days.max[slot] as number)) days.max[slot] = number;
    } else {
      series.textRows++;
      days.textRows[slot] = (days.textRows[slot] as number) + 1;
      const value = this.#kept(series, text as string);
      if (value === undefined) return;
      series.textCounts.set(value, (series.textCounts.get(value) ?? 0) + 1);
      let texts = days.texts.get(slot);
      if (texts === undefined) days.texts.set(slot, (texts = []));
      if (texts.length < MAX_TEXT_VALUES_PER_DAY && !texts.includes(value)) texts.push(value);
    }
  };

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

  #date(date: string): string {
    let shared = this.#dates.get(date);
    if (shared === undefined) this.#dates.set(date, (shared = date));
    return shared;
  }

  /** The value as this line keeps it, or undefined when it is counted but not by value. */
  #kept(series: SeriesAggregate, text: string): string | undefined {
    const { maxTextLength, maxDistinctTexts } = this.#budget.bounds;
    if (text.length > maxTextLength) series.longTextRows++;
    const value = keptText(text, maxTextLength);
    if (series.textCounts.has(value)) return value;
    if (series.textCounts.size < maxDistinctTexts && this.#budget.takeText(stringBytes(value))) {
      return value;
    }
    series.uncountedTextRows++;
    return undefined;
  }

  #series(metric: string, provider: string): SeriesAggregate {
    let byProvider = this.#byMetric.get(metric);
    if (byProvider === undefined) this.#byMetric.set(metric, (byProvider = new Map()));
    let series = byProvider.get(provider);
    if (series === undefined) {
      this.#budget.lines++;
      this.#budget.take(lineBytes(metric, provider));
      series = {
        metric,
        provider,
        unit: null,
        days: new DayTable(),
        numericRows: 0,
        textRows: 0,
        streamRows: 0,
        textCounts: new Map(),
        longTextRows: 0,
        uncountedTextRows: 0,
        unheldRows: 0,
      };
      byProvider.set(provider, series);
    }
    return series;
  }
}
