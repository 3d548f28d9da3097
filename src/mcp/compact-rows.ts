// Rows, compactly: grouped into series (provider, metric, unit, stream) with parallel arrays of
// dates and values, newest first. A model reads the answer as text, and common clients cut a
// tool result at 25,000 tokens; a row as a JSON array costs about 25 tokens, a date and a
// value in a series about 9. The budget stops the answer well under the limit, and says so,
// instead of letting the client cut it blindly. The API's strings are clipped as they come
// (fit/clip.ts) and counted in UTF-8 bytes, so a 300 KB text value costs what its clipped
// form costs, and the budget holds in bytes whatever the script.
import type { MetricRow } from '../api/types.ts';
import { fieldsOf, type RowFields } from '../daily/index.ts';
import { utf8 } from './fit/bound-json.ts';
import { clip, clipName } from './fit/clip.ts';

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
 * At most this many bytes of series JSON per answer: about 20,000 tokens at the worst ratio
 * measured (dates and numbers: ~2.3 characters a token), well under 25,000.
 */
export const MAX_ROW_BYTES = 45_000;
/** What a new series adds besides its rows (its keys, names and brackets), about. */
const SERIES_OVERHEAD = 120;

/** Raw names of rows as they came, and the series they go to (once it has a row). */
interface Names {
  provider: unknown;
  unit: unknown;
  stream: boolean;
  /** JSON of the clipped names and stream: names that clip alike share a series. */
  key: string;
  series: Series | undefined;
}

export class RowBudget {
  readonly #series = new Map<string, Series>();
  /**
   * The names seen, by metric. A page's rows are by date, so each row is most often of
   * another series than the row before: clipping and stringifying its names into a key per
   * row was most of add()'s time (profiled). A metric has a few providers: the list is short.
   */
  readonly #names = new Map<unknown, Names[]>();
  #rows = 0;
  #bytes = 0;
  #newest: string | undefined;
  #oldest: string | undefined;
  #unheld = 0;
  #firstUnheld: string | undefined;
  readonly #maxRows: number;
  readonly #maxBytes: number;
  /** Why the last add() was refused: the row limit or the size budget. */
  full: 'rows' | 'size' | null = null;

  constructor(maxRows: number, maxBytes = MAX_ROW_BYTES) {
    this.#maxRows = maxRows;
    this.#maxBytes = maxBytes;
  }

  get rows(): number {
    return this.#rows;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Adds a row if it fits; false once the budget is spent (and from then on). */
  add(row: MetricRow): boolean {
    return fieldsOf(row, this.addFields);
  }

  /** add() of a row's fields, as a proven page's bytes give them. */
  readonly addFields: RowFields<boolean> = (
    metric,
    provider,
    date,
    numValue,
    textValue,
    unit,
    stream,
    numLength,
  ) => {
    if (this.full) return false;
    if (this.#rows >= this.#maxRows) {
      this.full = 'rows';
      return false;
    }
    const names = this.#namesOf(metric, provider, unit, stream);
    const num = typeof numValue === 'number' ? numValue : null;
    const text = typeof textValue === 'string' ? clip(textValue) : null;
    let series = names.series;
    // Two commas, the quoted date (YYYY-MM-DD: the row guard's), the value, and the text (or
    // a null) when the series has texts. String() of a full-precision double was most of this
    // function's time: a proven page gives its length (RowFields).
    let size = date.length + (numLength >= 0 ? numLength : String(num).length) + 4;
    if (text !== null || series?.text) size += utf8(JSON.stringify(text)) + 1;
    if (!series) size += SERIES_OVERHEAD + utf8(names.key);
    if (this.#bytes + size > this.#maxBytes) {
      this.full = 'size';
      return false;
    }
    if (!series) {
      const [p, m, u] = JSON.parse(names.key) as [string, string, string | null];
      series = { provider: p, metric: m, unit: u, stream, date: [], value: [] };
      this.#series.set(names.key, series);
      names.series = series;
    }
    if (text !== null && !series.text) {
      // The first text in a series: earlier rows had none.
      series.text = series.value.map(() => null);
      size += series.value.length * 5;
    }
    series.date.push(date);
    this.#newest ??= date;
    this.#oldest = date;
    series.value.push(num);
    series.text?.push(text);
    // A number no double holds as sent (1e400, an integer past 2^53: a RawNumber, or left out
    // by the byte reader) is null in `value`: counted, so the answer says so.
    if (num === null && numValue !== null) {
      this.#unheld += 1;
      this.#firstUnheld ??= date;
    }
    this.#rows += 1;
    this.#bytes += size;
    return true;
  };

  #namesOf(metric: unknown, provider: unknown, unit: unknown, stream: boolean): Names {
    let list = this.#names.get(metric);
    if (list === undefined) this.#names.set(metric, (list = []));
    for (const names of list) {
      if (names.provider === provider && names.unit === unit && names.stream === stream) {
        return names;
      }
    }
    const clipped = [
      clipName(String(provider)),
      clipName(String(metric)),
      typeof unit === 'string' ? clipName(unit) : null,
      stream,
    ];
    const key = JSON.stringify(clipped);
    const names = { provider, unit, stream, key, series: this.#series.get(key) };
    list.push(names);
    return names;
  }

  series(): Series[] {
    return [...this.#series.values()];
  }

  /** Rows kept whose number no double holds as sent (their value is null), and the first's date. */
  get unheld(): { count: number; first: string | undefined } {
    return { count: this.#unheld, first: this.#firstUnheld };
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
