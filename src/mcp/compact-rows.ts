// Rows, compactly: grouped into series (provider, metric, unit, stream) with parallel arrays of
// dates and values, newest first. A model reads the answer as text, and common clients cut a
// tool result at 25,000 tokens; a row as a JSON array costs about 25 tokens, a date and a
// value in a series about 9. The budget stops the answer well under the limit, and says so,
// instead of letting the client cut it blindly.
import type { MetricRow } from '../api/types.ts';

export interface Series {
  provider: string;
  metric: string;
  unit: string | null;
  stream: boolean;
  /** Oldest last: the API's order (newest first). */
  date: string[];
  /** numValue of each row (null for a text row). */
  value: (number | null)[];
  /** textValue of each row; present only when some row of the series has one. */
  text?: (string | null)[];
}

/** At most this many rows per answer. */
export const MAX_ROWS = 2000;
/**
 * At most this many characters of series JSON per answer: about 20,000 tokens at the worst
 * ratio measured (dates and numbers: ~2.3 characters a token), well under 25,000.
 */
export const MAX_ROW_CHARS = 45_000;
/** What a new series adds besides its rows (its keys, names and brackets), about. */
const SERIES_OVERHEAD = 120;

export class RowBudget {
  readonly #series = new Map<string, Series>();
  #rows = 0;
  #chars = 0;
  #newest: string | undefined;
  #oldest: string | undefined;
  readonly #maxRows: number;
  readonly #maxChars: number;
  /** Why the last add() was refused: the row limit or the size budget. */
  full: 'rows' | 'size' | null = null;

  constructor(maxRows: number, maxChars = MAX_ROW_CHARS) {
    this.#maxRows = maxRows;
    this.#maxChars = maxChars;
  }

  get rows(): number {
    return this.#rows;
  }

  get chars(): number {
    return this.#chars;
  }

  /** Adds a row if it fits; false once the budget is spent (and from then on). */
  add(row: MetricRow): boolean {
    if (this.full) return false;
    if (this.#rows >= this.#maxRows) {
      this.full = 'rows';
      return false;
    }
    const unit = typeof row.unit === 'string' ? row.unit : null;
    const stream = row.stream === true;
    const key = JSON.stringify([row.provider, row.metric, unit, stream]);
    const num = typeof row.numValue === 'number' ? row.numValue : null;
    const text = typeof row.textValue === 'string' ? row.textValue : null;
    let series = this.#series.get(key);
    // Two commas, the date, the value, and the text (or a null) when the series has texts.
    let size = JSON.stringify(row.date).length + String(num).length + 2;
    if (text !== null || series?.text) size += JSON.stringify(text).length + 1;
    if (!series) size += SERIES_OVERHEAD + key.length;
    if (this.#chars + size > this.#maxChars) {
      this.full = 'size';
      return false;
    }
    if (!series) {
      series = {
        provider: String(row.provider),
        metric: String(row.metric),
        unit,
        stream,
        date: [],
        value: [],
      };
      this.#series.set(key, series);
    }
    if (text !== null && !series.text) {
      // The first text in a series: earlier rows had none.
      series.text = series.value.map(() => null);
      size += series.value.length * 5;
    }
    series.date.push(String(row.date));
    this.#newest ??= String(row.date);
    this.#oldest = String(row.date);
    series.value.push(num);
    series.text?.push(text);
    this.#rows += 1;
    this.#chars += size;
    return true;
  }

  series(): Series[] {
    return [...this.#series.values()];
  }

  /** The date of the first row kept: the newest (rows come newest first). */
  get newest(): string | undefined {
    return this.#newest;
  }

  /** The date of the last row kept: the oldest. */
  get oldest(): string | undefined {
    return this.#oldest;
  }
}
