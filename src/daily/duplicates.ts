// Finds metrics with several rows for one date and provider while `metrics` streams, for the
// notice that they must not be added up. This runs on every row of million-row exports, so it
// allocates nothing per row (scanText: the three short strings it compares): rows come newest first (spec: metrics, rule 2), so a metric only
// needs the date it is on and the providers seen on that date. A metric, once found, is
// skipped. Only numeric rows count: text rows are never added up anyway.
import { ROW_BOUNDARY, type CanonicalRows } from '../api/pagination/page-text.ts';
import type { MetricRow } from '../api/types.ts';

// Offsets in a proven row's text: `{"date":"` the date, `","provider":"` the provider,
// `","metric":"` the metric, `","numValue":` its value.
const DATE_AT = '{"date":"'.length;
const PROVIDER_AT = DATE_AT + 10 + '","provider":"'.length;
const METRIC_AFTER = '","metric":"'.length;
const NUM_AFTER = '","numValue":'.length;
const NULL = 0x6e; // 'n'

export interface SeveralRowsExample {
  date: string;
  provider: string;
  /** The row's `stream` flag: streamed samples through the day, not one row per source app. */
  stream: boolean;
}

interface MetricState {
  metric: string;
  date: string;
  /** Providers seen on `date`; usually one. */
  providers: string[];
  found: boolean;
}

export class SeveralRowsDetector {
  readonly #states = new Map<string, MetricState>();
  readonly #found = new Map<string, SeveralRowsExample>();
  #last: MetricState | undefined;

  scan(rows: readonly MetricRow[]): void {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as MetricRow;
      // Text rows (two workouts a day) cannot be added up: nothing to warn about.
      if (row.numValue === null) continue;
      if (this.#row(row.metric, row.date, row.provider)) this.#example(row);
    }
  }

  /**
   * The same as scan(page.data), but read off a proven page's text (page-text.ts) without
   * parsing it: an export then parses no row even when this notice may be shown.
   */
  scanText({ text, count }: CanonicalRows): void {
    let backslash = text.indexOf('\\');
    for (let at = 0, n = 0; n < count; n++) {
      // The row's closing brace: just before the next boundary, or the text's last character.
      const next = text.indexOf(ROW_BOUNDARY, at);
      const end = next === -1 ? text.length - 1 : next;
      const row = (): MetricRow => JSON.parse(text.slice(at, end + 1)) as MetricRow;
      if (backslash !== -1 && backslash < at) backslash = text.indexOf('\\', at);
      if (backslash !== -1 && backslash < end) {
        // An escape in a string: the next quote may not end it. Parse this row alone.
        this.scan([row()]);
      } else {
        // `{"date":"YYYY-MM-DD","provider":"…","metric":"…","numValue":…`, no escapes.
        const provider = at + PROVIDER_AT;
        const providerEnd = text.indexOf('"', provider);
        const metric = providerEnd + METRIC_AFTER;
        const metricEnd = text.indexOf('"', metric);
        if (text.charCodeAt(metricEnd + NUM_AFTER) !== NULL) {
          const date = text.slice(at + DATE_AT, at + DATE_AT + 10);
          const name = text.slice(metric, metricEnd);
          if (this.#row(name, date, text.slice(provider, providerEnd))) this.#example(row());
        }
      }
      at = end + 2;
    }
  }

  /** One numeric row. True when it shows its metric has several rows for one date and provider. */
  #row(metric: string, date: string, provider: string): boolean {
    let state = this.#last;
    if (state === undefined || state.metric !== metric) {
      state = this.#states.get(metric);
      if (state === undefined) {
        state = { metric, date, providers: [provider], found: false };
        this.#states.set(metric, state);
        this.#last = state;
        return false;
      }
      this.#last = state;
    }
    if (state.found) return false;
    if (state.date !== date) {
      state.date = date;
      state.providers.length = 0;
      state.providers.push(provider);
      return false;
    }
    if (!state.providers.includes(provider)) {
      state.providers.push(provider);
      return false;
    }
    state.found = true;
    return true;
  }

  #example(row: MetricRow): void {
    this.#found.set(row.metric, { date: row.date, provider: row.provider, stream: row.stream });
  }

  /** Metrics found with several rows for one date and provider, with the first such case. */
  get found(): ReadonlyMap<string, SeveralRowsExample> {
    return this.#found;
  }

  /** Every metric seen so far. */
  seen(metric: string): boolean {
    return this.#states.has(metric);
  }
}
