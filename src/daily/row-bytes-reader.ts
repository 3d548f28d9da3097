// The rows of a proven page (page-text.ts) read off its bytes for the daily summaries: a
// summary of a million rows keeps a few numbers per metric, provider and day, so parsing each
// row into an object (JSON.parse of the page, after decoding its bytes a second time) was most
// of its cost, and all of its garbage. Names, dates, units and text values come from a
// ByteNames table (a few dozen distinct ones a page); numbers are read off their digits.
import { isInexact, spelling } from '../api/exact-numbers.ts';
import type { CanonicalRows } from '../api/pagination/page-text.ts';
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
  NUM_END,
  PROVIDER,
  PROVIDER_END,
  STREAM,
  TEXT,
  TEXT_END,
  UNIT,
  UNIT_END,
} from '../api/pagination/row-bytes.ts';
import type { MetricRow } from '../api/types.ts';
import { ByteNames } from './byte-names.ts';

/** One row's fields, as the accumulator takes them. */
export type RowFields = (
  metric: string,
  provider: string,
  date: string,
  num: unknown,
  text: unknown,
  unit: unknown,
  stream: boolean,
) => void;

const NULL = 0x6e; // 'n': a null cell's first byte (a string cell starts after its quote)
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
/** 10^0 … 10^22: every one exact in a double. */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

export class RowBytesReader {
  readonly #names = new ByteNames();
  readonly #cells = newRowCells();

  /** Calls `each` with the fields of every row, in order; a row holding an escape is parsed. */
  read(rows: CanonicalRows, each: RowFields, parsed: (row: MetricRow) => void): void {
    const src = rows.bytes;
    const names = this.#names;
    forEachRow(
      rows,
      (at, cells) => {
        // An escape in a string: its bytes are not its text. Parse this row alone.
        if (((cells[FLAGS] as number) & HAS_ESCAPE) !== 0) {
          parsed(JSON.parse(src.toString('utf8', at, (cells[END] as number) + 1)) as MetricRow);
          return;
        }
        const numAt = cells[NUM] as number;
        each(
          names.name(src, cells[METRIC] as number, cells[METRIC_END] as number),
          names.name(src, cells[PROVIDER] as number, cells[PROVIDER_END] as number),
          names.name(src, at + DATE_AT, at + DATE_AT + 10),
          numAt === -1 ? null : numberAt(src, numAt, cells[NUM_END] as number),
          this.#nullable(src, cells[TEXT] as number, cells[TEXT_END] as number),
          this.#nullable(src, cells[UNIT] as number, cells[UNIT_END] as number),
          cells[STREAM] === 1,
        );
      },
      this.#cells,
    );
  }

  #nullable(src: Buffer, start: number, end: number): string | null {
    // A null is an empty range at its `n`; an empty string, an empty range at its closing quote.
    if (start === end && src[start] === NULL) return null;
    return this.#names.name(src, start, end);
  }
}

/**
 * The number src[start, end) as JSON.parse reads it, or undefined for one JSON.parse would
 * change (1e400, 12345678901234567891): exact-numbers.ts keeps those as RawNumbers, which a
 * summary leaves out, and so does this. Up to 15 digits and no exponent, the digits make an
 * exact integer and 10^k is exact, so one division is the correctly rounded double, as
 * Number() gives it (Clinger's fast path); anything else goes through Number().
 */
export function numberAt(src: Uint8Array, start: number, end: number): number | undefined {
  let i = start;
  const negative = src[i] === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let scale = -1;
  for (; i < end; i++) {
    const c = src[i] as number;
    const d = c - ZERO;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d;
      digits++;
    } else if (c === POINT && scale === -1) {
      scale = digits;
    } else {
      return slowNumber(src, start, end);
    }
  }
  const fraction = scale === -1 ? 0 : digits - scale;
  if (digits === 0 || digits > 15 || fraction > 22) return slowNumber(src, start, end);
  const value = fraction === 0 ? mantissa : mantissa / (POW10[fraction] as number);
  return negative ? -value : value;
}

function slowNumber(src: Uint8Array, start: number, end: number): number | undefined {
  const token = Buffer.from(src.buffer, src.byteOffset + start, end - start).toString('latin1');
  const value = Number(token);
  // Spelt as JavaScript spells the double (a full-precision 17-digit value): exact.
  if (spelling(value) === token) return value;
  return isInexact(token) ? undefined : value;
}
