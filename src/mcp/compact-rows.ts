// Rows, compactly: grouped into series (provider, metric, unit, stream) with parallel arrays of
// dates and values, newest first. A model reads the answer as text, and common clients cut a
// tool result at 25,000 tokens; a row as a JSON array costs about 25 tokens, a date and a
// value in a series about 9. The budget stops the answer well under the limit, and says so,
// instead of letting the client cut it blindly. The API's strings are clipped as they come
// (fit/clip.ts) and counted in UTF-8 bytes, so a 300 KB text value costs what its clipped
// form costs, and the budget holds in bytes whatever the script.
import type { MetricRow } from '../api/types.ts';
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

export class RowBudget {
  readonly #series = new Map<string, Series>();
  /** The raw names of the last row added, and its series' key. */
  #last:
    { provider: unknown; metric: unknown; unit: unknown; stream: boolean; key: string } | undefined;
  #rows = 0;
  #bytes = 0;
  #newest: string | undefined;
  #oldest: string | undefined;
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
    return this.addFields(
      row.metric,
      row.provider,
      row.date,
      row.numValue,
      row.textValue,
      row.unit,
      row.stream === true,
    );
  }

  /** add() of a row's fields, as a proven page's bytes give them (row-bytes-reader.ts). */
  addFields(
    metric: unknown,
    provider: unknown,
    date: string,
    numValue: unknown,
    textValue: unknown,
    unit: unknown,
    stream: boolean,
  ): boolean {
    if (this.full) return false;
    if (this.#rows >= this.#maxRows) {
      this.full = 'rows';
      return false;
    }
    // Rows of one series come in runs: the previous row's series, without clipping and
    // stringifying its names again (the key was most of add()'s time; profiled).
    const last = this.#last;
    let key: string;
    if (
      last !== undefined &&
      last.provider === provider &&
      last.metric === metric &&
      last.unit === unit &&
      last.stream === stream
    ) {
      key = last.key;
    } else {
      const clipped = [
        clipName(String(provider)),
        clipName(String(metric)),
        typeof unit === 'string' ? clipName(unit) : null,
      ];
      key = JSON.stringify([...clipped, stream]);
      this.#last = { provider, metric, unit, stream, key };
    }
    const num = typeof numValue === 'number' ? numValue : null;
    const text = typeof textValue === 'string' ? clip(textValue) : null;
    let series = this.#series.get(key);
    // Two commas, the quoted date (YYYY-MM-DD: the row guard's), the value, and the text (or
    // a null) when the series has texts.
    let size = date.length + String(num).length + 4;
    if (text !== null || series?.text) size += utf8(JSON.stringify(text)) + 1;
    if (!series) size += SERIES_OVERHEAD + utf8(key);
    if (this.#bytes + size > this.#maxBytes) {
      this.full = 'size';
      return false;
    }
    if (!series) {
      const [p, m, u] = JSON.parse(key) as [string, string, string | null];
      series = { provider: p, metric: m, unit: u, stream, date: [], value: [] };
      this.#series.set(key, series);
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
    this.#rows += 1;
    this.#bytes += size;
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
