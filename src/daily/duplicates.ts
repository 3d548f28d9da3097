// Finds metrics with several rows for one date and provider while `metrics` streams, for the
// notice that they must not be added up. This runs on every row of million-row exports, so a
// proven page is read from its bytes (row-walk.ts), and its names come from a name table:
// nothing is allocated per row. Rows come newest first (spec: metrics, rule 2), so a metric
// only needs the date it is on and the providers seen on that date. A metric, once found, is
// skipped. Only numeric rows count: text rows are never added up anyway.
import type { PageRows } from '../api/rows/lazy-page.ts';
import { RowWalker, type RowView } from '../api/rows/row-walk.ts';
import type { MetricRow } from '../api/types.ts';

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

// A server decides how many metric and provider names there are: past these, the detector
// stops learning new ones (the notice is advice; it must not cost memory without end, nor
// time: `providers` is searched per row).
const MAX_METRICS = 10_000;
const MAX_PROVIDERS_A_DAY = 100;
const MAX_NAME_LENGTH = 256;

export class SeveralRowsDetector {
  readonly #states = new Map<string, MetricState>();
  /** Set once a metric was not tracked: `seen` can no longer say no. */
  #overflow = false;
  readonly #found = new Map<string, SeveralRowsExample>();
  #last: MetricState | undefined;
  readonly #walker = new RowWalker();

  scan(rows: readonly MetricRow[]): void {
    this.scanPage({ data: rows });
  }

  /**
   * The same as scan(page.data), but walked (row-walk.ts): a proven page is read off its bytes
   * without parsing it, so an export parses no row even when this notice may be shown.
   */
  scanPage(page: PageRows): void {
    this.#walker.walk(page, this.#visit);
  }

  readonly #visit = (row: RowView): void => {
    // Text rows (two workouts a day) cannot be added up: nothing to warn about.
    if (!row.hasNumber()) return;
    this.fields(row.metric(), row.provider(), row.date(), true, row.stream());
  };

  /** scan() of one row's fields, as a byte reader gives them (row-walk.ts). */
  fields(metric: string, provider: string, date: string, numeric: boolean, stream: boolean): void {
    if (numeric && this.#row(metric, date, provider)) {
      this.#found.set(metric, { date, provider, stream });
    }
  }

  /** One numeric row. True when it shows its metric has several rows for one date and provider. */
  #row(metric: string, date: string, provider: string): boolean {
    let state = this.#last;
    if (state === undefined || state.metric !== metric) {
      state = this.#states.get(metric);
      if (state === undefined) {
        if (this.#states.size >= MAX_METRICS || metric.length > MAX_NAME_LENGTH) {
          this.#overflow = true;
          return false;
        }
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
      if (state.providers.length < MAX_PROVIDERS_A_DAY) state.providers.push(provider);
      return false;
    }
    state.found = true;
    return true;
  }

  /** Metrics found with several rows for one date and provider, with the first such case. */
  get found(): ReadonlyMap<string, SeveralRowsExample> {
    return this.#found;
  }

  /** Every metric seen so far. */
  seen(metric: string): boolean {
    return this.#overflow || this.#states.has(metric);
  }
}
