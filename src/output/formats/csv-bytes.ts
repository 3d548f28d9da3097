// CSV/TSV lines copied straight from a proven page's bytes (canonical-proof.ts, row-layout.ts),
// without parsing its rows or decoding them to text, and no page-sized strings on the JS heap
// (see canonical-proof.ts for why that matters). test/unit/csv-bytes.test.ts proves the result
// byte-identical to csv-stringify's.
//
// Numbers are written as String() prints them (proven), which is csv-stringify's cast; null is
// an empty cell. A string cell is csv-stringify's: quoted when it holds the quote, the
// delimiter, CR or LF, with each quote doubled. In a proven string a quote, CR, LF and tab are
// always escaped (\" \r \n \t) and the delimiter of CSV is a plain comma: so a row whose strings
// hold no escape and (for CSV) no comma is copied cell by cell, and any other row has each
// string cell unescaped into the output, quoted when it must be. Rows of a page that is not
// proven are written by `slow` (csv-fast.ts, else csv-stringify).
import type { MetricRow } from '../../api/types.ts';
import {
  copyBytes,
  DATE_AT,
  FLAGS,
  HAS_COMMA,
  HAS_ESCAPE,
  METRIC,
  NUM,
  NUM_END,
  PROVIDER,
  STREAM,
  TEXT,
  UNIT,
} from '../../api/rows/row-layout.ts';
import type { ProvenRow, RowWalker } from '../../api/rows/row-walk.ts';
import type { PageRows } from '../../api/rows/lazy-page.ts';
import type { Delimiter } from './csv-fast.ts';

const TRUE_LINE_END = Buffer.from('true\n');
const FALSE_LINE_END = Buffer.from('false\n');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CR = 0x0d;
const LF = 0x0a;
/** What each one-letter JSON escape stands for. */
const UNESCAPED: Readonly<Record<number, number>> = {
  0x22: QUOTE,
  0x5c: BACKSLASH,
  0x2f: 0x2f,
  0x62: 0x08, // b
  0x66: 0x0c, // f
  0x6e: LF, // n
  0x72: CR, // r
  0x74: 0x09, // t
};

/**
 * The page's rows as csv-stringify writes them, each line ending in '\n': UTF-8 bytes for a
 * proven page; else text, each line written by `slow`.
 */
export function delimitedRows(
  walker: RowWalker,
  page: PageRows,
  delimiter: Delimiter,
  slow: (row: MetricRow) => string,
): Buffer | string {
  const d = delimiter.charCodeAt(0);
  const unsafe = HAS_ESCAPE | (delimiter === ',' ? HAS_COMMA : 0);
  let out: Buffer | undefined;
  let pos = 0;
  let text = '';
  walker.walk(page, (row) => {
    const proven = row.bytes;
    if (proven === undefined) {
      text += slow(row.object());
      return;
    }
    // A line is never longer than its row: the keys it leaves out (~70 bytes) are more than
    // the quotes a quoted cell adds (2 for each of 4 strings), and unescaping only shortens.
    out ??= Buffer.allocUnsafeSlow(proven.page.bytes.length + 1);
    pos = line(proven, d, ((proven.cells[FLAGS] as number) & unsafe) !== 0, out, pos);
  });
  return out === undefined ? text : out.subarray(0, pos);
}

/** Writes the row's line at `pos`; returns the position after it. */
function line(row: ProvenRow, d: number, unsafe: boolean, out: Buffer, pos: number): number {
  const { src, at, cells } = row;
  const date = at + DATE_AT;
  pos = copyBytes(src, date, date + 10, out, pos);
  out[pos++] = d;
  pos = stringCell(src, cells, PROVIDER, d, unsafe, out, pos);
  out[pos++] = d;
  pos = stringCell(src, cells, METRIC, d, unsafe, out, pos);
  out[pos++] = d;
  if (cells[NUM] !== -1)
    pos = copyBytes(src, cells[NUM] as number, cells[NUM_END] as number, out, pos);
  out[pos++] = d;
  pos = stringCell(src, cells, TEXT, d, unsafe, out, pos);
  out[pos++] = d;
  pos = stringCell(src, cells, UNIT, d, unsafe, out, pos);
  out[pos++] = d;
  const tail = cells[STREAM] === 1 ? TRUE_LINE_END : FALSE_LINE_END;
  return copyBytes(tail, 0, tail.length, out, pos);
}

/** The string cell at cells[i], cells[i + 1] (a null is an empty range: an empty cell). */
function stringCell(
  src: Buffer,
  cells: Int32Array,
  i: number,
  d: number,
  unsafe: boolean,
  out: Buffer,
  pos: number,
): number {
  const start = cells[i] as number;
  const end = cells[i + 1] as number;
  if (!unsafe) return copyBytes(src, start, end, out, pos);
  const quoted = needsQuotes(src, start, end, d);
  if (quoted) out[pos++] = QUOTE;
  for (let j = start; j < end; j++) {
    let c = src[j] as number;
    if (c === BACKSLASH) {
      const e = src[++j] as number;
      if (e === 0x75) {
        // \u00XX: the proof lets only control characters through this way (one byte).
        c = parseInt(src.toString('latin1', j + 1, j + 5), 16);
        j += 4;
      } else {
        c = UNESCAPED[e] ?? e;
      }
      if (c === QUOTE) out[pos++] = QUOTE;
    }
    out[pos++] = c;
  }
  if (quoted) out[pos++] = QUOTE;
  return pos;
}

/** The JSON string's text holds the delimiter, a quote, CR or LF. */
function needsQuotes(src: Buffer, start: number, end: number, d: number): boolean {
  for (let j = start; j < end; j++) {
    const c = src[j] as number;
    if (c === d) return true;
    if (c === BACKSLASH) {
      const e = UNESCAPED[src[++j] as number];
      if (e === QUOTE || e === CR || e === LF || e === d) return true;
    }
  }
  return false;
}
