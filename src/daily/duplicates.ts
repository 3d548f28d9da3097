// Finds metrics with several rows for one date and provider while `metrics` streams, for the
// notice that they must not be added up. This runs on every row of million-row exports, so a
// proven page is read from its bytes (scanBytes), and its names come from a ByteNames table:
// nothing is allocated per row. Rows come newest first (spec: metrics, rule 2), so a metric
// only needs the date it is on and the providers seen on that date. A metric, once found, is
// skipped. Only numeric rows count: text rows are never added up anyway.
import type { CanonicalRows } from '../api/rows/canonical-proof.ts';
import {
  DATE_AT,
  END,
  FLAGS,
  forEachRow,
  HAS_ESCAPE,
  METRIC,
  METRIC_END,
  newRowCells,
  NUM,
  PROVIDER,
  PROVIDER_END,
} from '../api/rows/row-layout.ts';
import type { MetricRow } from '../api/types.ts';
import { ByteNames } from '../api/rows/name-table.ts';

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
  readonly #names = new ByteNames();
  readonly #cells = newRowCells();

  scan(rows: readonly MetricRow[]): void {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as MetricRow;
      // Text rows (two workouts a day) cannot be added up: nothing to warn about.
      if (row.numValue === null) continue;
      if (this.#row(row.metric, row.date, row.provider)) this.#example(row);
    }
  }

  /**
   * The same as scan(page.data), but read off a proven page's bytes (canonical-proof.ts) without
   * parsing them: an export then parses no row even when this notice may be shown.
   */
  scanBytes(rows: CanonicalRows): void {
    const src = rows.bytes;
    const row = (at: number, end: number): MetricRow =>
      JSON.parse(src.toString('utf8', at, end + 1)) as MetricRow;
    forEachRow(
      rows,
      (at, cells) => {
        // An escape in a string: its bytes are not its text. Parse this row alone.
        if (((cells[FLAGS] as number) & HAS_ESCAPE) !== 0) {
          this.scan([row(at, cells[END] as number)]);
          return;
        }
        if (cells[NUM] === -1) return;
        const names = this.#names;
        const metric = names.name(src, cells[METRIC] as number, cells[METRIC_END] as number);
        const date = names.name(src, at + DATE_AT, at + DATE_AT + 10);
        const provider = names.name(src, cells[PROVIDER] as number, cells[PROVIDER_END] as number);
        if (this.#row(metric, date, provider)) this.#example(row(at, cells[END] as number));
      },
      this.#cells,
    );
  }

  /** scan() of one row's fields, as a byte reader gives them (row-bytes-reader.ts). */
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

  #example(row: MetricRow): void {
    this.#found.set(row.metric, { date: row.date, provider: row.provider, stream: row.stream });
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
