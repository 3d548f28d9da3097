// Finds metrics with several rows for one date and provider while `metrics` streams, for the
// notice that they must not be added up. This runs on every row of million-row exports, so it
// allocates nothing per row: rows come newest first (spec: metrics, rule 2), so a metric only
// needs the date it is on and the providers seen on that date. A metric, once found, is
// skipped. Only numeric rows count: text rows are never added up anyway.
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

export class SeveralRowsDetector {
  readonly #states = new Map<string, MetricState>();
  readonly #found = new Map<string, SeveralRowsExample>();
  #last: MetricState | undefined;

  scan(rows: readonly MetricRow[]): void {
    let state = this.#last;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as MetricRow;
      // Text rows (two workouts a day) cannot be added up: nothing to warn about.
      if (row.numValue === null) continue;
      if (state === undefined || state.metric !== row.metric) {
        state = this.#states.get(row.metric);
        if (state === undefined) {
          state = { metric: row.metric, date: row.date, providers: [row.provider], found: false };
          this.#states.set(row.metric, state);
          continue;
        }
      }
      if (state.found) continue;
      if (state.date !== row.date) {
        state.date = row.date;
        state.providers.length = 0;
        state.providers.push(row.provider);
      } else if (state.providers.includes(row.provider)) {
        state.found = true;
        this.#found.set(row.metric, { date: row.date, provider: row.provider, stream: row.stream });
      } else {
        state.providers.push(row.provider);
      }
    }
    this.#last = state;
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
