// The rows of a proven page (canonical-proof.ts) read off its bytes for the daily summaries: a
// summary of a million rows keeps a few numbers per metric, provider and day, so parsing each
// row into an object (JSON.parse of the page, after decoding its bytes a second time) was most
// of its cost, and all of its garbage. Names, dates, units and text values come from a
// ByteNames table (a few dozen distinct ones a page); numbers are read off their digits.
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
  nullableName,
  NUM,
  NUM_END,
  PROVIDER,
  PROVIDER_END,
  STREAM,
  TEXT,
  TEXT_END,
  UNIT,
  UNIT_END,
} from '../api/rows/row-layout.ts';
import { canonicalNumberAt, exactNumberAt } from '../api/rows/row-numbers.ts';
import { parseExact } from '../api/exact-numbers.ts';
import type { MetricRow } from '../api/types.ts';
import { ByteNames } from '../api/rows/name-table.ts';

/**
 * One row's fields, as the accumulator takes them. `numLength`: the length of String(num) when
 * the page spells every number so (no raw numbers), read off the bytes; -1 when unknown.
 */
export type RowFields<R = void> = (
  metric: string,
  provider: string,
  date: string,
  num: unknown,
  text: unknown,
  unit: unknown,
  stream: boolean,
  numLength: number,
) => R;

/** `each` of a parsed row's fields, as the reader gives a proven row's (its number's length unknown). */
export function fieldsOf<R>(row: MetricRow, each: RowFields<R>): R {
  return each(
    row.metric,
    row.provider,
    row.date,
    row.numValue,
    row.textValue,
    row.unit,
    row.stream === true,
    -1,
  );
}

export class RowBytesReader {
  readonly #names = new ByteNames();
  readonly #cells = newRowCells();
  // The previous row's key (date, provider and metric: one run of bytes in a proven row) and
  // unit, where they are in the page, and their strings. A page's rows come in long runs of one
  // day, metric and provider (a day's samples): comparing a row's key with the previous row's,
  // byte for byte in the same page, is cheaper than hashing and looking up its three names,
  // which was a tenth of a summary's CPU. Any order still gives the same strings, from the table.
  #src: Uint8Array | undefined;
  #keyAt = 0;
  #keyEnd = 0;
  #metric = '';
  #provider = '';
  #date = '';
  #unitAt = 0;
  #unitEnd = -1;
  #unit: string | null = null;

  /** Calls `each` with the fields of every row, in order; a row holding an escape is parsed. */
  read(rows: CanonicalRows, each: RowFields, parsed: (row: MetricRow) => void): void {
    const src = rows.bytes;
    const names = this.#names;
    const canonical = !rows.rawNumbers;
    // As the page's rows parse (lazy-page.ts): a number JSON.parse would change (1e400 reads
    // Infinity, 9007199254740993 ...992) is a RawNumber, the same from the bytes or parsed.
    const number = canonical ? canonicalNumberAt : exactNumberAt;
    const parse = canonical ? JSON.parse : parseExact;
    // Offsets into another page's bytes mean nothing here.
    if (this.#src !== src) {
      this.#src = src;
      this.#keyEnd = this.#keyAt;
      this.#unitEnd = -1;
    }
    forEachRow(
      rows,
      (at, cells) => {
        // An escape in a string: its bytes are not its text. Parse this row alone.
        if (((cells[FLAGS] as number) & HAS_ESCAPE) !== 0) {
          parsed(parse(src.toString('utf8', at, (cells[END] as number) + 1)) as MetricRow);
          return;
        }
        const keyAt = at + DATE_AT;
        const keyEnd = cells[METRIC_END] as number;
        if (!sameBytes(src, this.#keyAt, this.#keyEnd, keyAt, keyEnd)) {
          this.#metric = names.name(src, cells[METRIC] as number, keyEnd);
          this.#provider = names.name(
            src,
            cells[PROVIDER] as number,
            cells[PROVIDER_END] as number,
          );
          this.#date = names.name(src, keyAt, keyAt + 10);
        }
        this.#keyAt = keyAt;
        this.#keyEnd = keyEnd;
        const unitAt = cells[UNIT] as number;
        const unitEnd = cells[UNIT_END] as number;
        if (!sameBytes(src, this.#unitAt, this.#unitEnd, unitAt, unitEnd)) {
          this.#unit = nullableName(names, src, unitAt, unitEnd);
        }
        this.#unitAt = unitAt;
        this.#unitEnd = unitEnd;
        const numAt = cells[NUM] as number;
        const numEnd = cells[NUM_END] as number;
        each(
          this.#metric,
          this.#provider,
          this.#date,
          numAt === -1 ? null : number(src, numAt, numEnd),
          nullableName(names, src, cells[TEXT] as number, cells[TEXT_END] as number),
          this.#unit,
          cells[STREAM] === 1,
          numAt === -1 ? 4 : canonical ? numEnd - numAt : -1,
        );
      },
      this.#cells,
    );
  }
}

/**
 * src[a, aEnd) and src[b, bEnd) hold the same bytes. A null cell is an empty range at its `n`
 * and an empty string one at its closing quote: two empty ranges are the same only when both
 * are nulls or both are empty strings.
 */
function sameBytes(src: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  const length = aEnd - a;
  if (length !== bEnd - b || length < 0) return false;
  if (length === 0) return src[a] === src[b];
  for (let i = 0; i < length; i++) if (src[a + i] !== src[b + i]) return false;
  return true;
}
