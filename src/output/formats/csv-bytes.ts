// CSV/TSV lines copied straight from a proven page's bytes (canonical-proof.ts, row-layout.ts), without
// parsing its rows or decoding them to text: ~70 ms per 1000 pages against ~300 ms for cutting
// the lines out of the page's text and encoding them again (measured), and no page-sized
// strings on the JS heap (see canonical-proof.ts for why that matters).
// test/unit/csv-bytes.test.ts proves the result byte-identical to csv-stringify's.
//
// In a row whose strings hold no escape, no string holds a quote (a quote in a string is always
// escaped) nor a control character (canonical strings escape them all), hence no CR, LF or
// tab: its bytes are its characters. Numbers are written as String() prints them (proven),
// which is csv-stringify's cast; null is an empty cell. What is left that csv-stringify would
// quote is a comma in a string of a CSV row. Such a row, or one with an escape, is parsed on
// its own and written the general way (`slow`).
import { parseExact } from '../../api/exact-numbers.ts';
import type { CanonicalRows } from '../../api/rows/canonical-proof.ts';
import {
  copyBytes,
  DATE_AT,
  END,
  FLAGS,
  HAS_COMMA,
  HAS_ESCAPE,
  METRIC,
  METRIC_END,
  newRowCells,
  NUM,
  NUM_END,
  PROVIDER,
  PROVIDER_END,
  readRow,
  STREAM,
  TEXT,
  TEXT_END,
  UNIT,
  UNIT_END,
} from '../../api/rows/row-layout.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Delimiter } from './csv-fast.ts';

const TRUE_LINE_END = Buffer.from('true\n');
const FALSE_LINE_END = Buffer.from('false\n');

/**
 * The rows as csv-stringify writes them, each line ending in '\n', as UTF-8. `slow` writes the
 * line of a row this cannot (one that needs quoting or holds an escape), given the parsed row.
 */
export function csvFromBytes(
  rows: CanonicalRows,
  delimiter: Delimiter,
  slow: (row: MetricRow) => string,
): Buffer {
  const src = rows.bytes;
  const d = delimiter.charCodeAt(0);
  const unsafe = HAS_ESCAPE | (delimiter === ',' ? HAS_COMMA : 0);
  const cells = newRowCells();
  // A fast line is shorter than its row (the keys are left out), so while every line so far was
  // fast, what is left of the page fits; a slow line may be longer, and then the buffer grows.
  let out: Buffer = Buffer.allocUnsafeSlow(src.length + 1);
  let pos = 0;
  for (let at = 0, n = 0; n < rows.count; n++) {
    readRow(src, at, cells);
    const end = cells[END] as number;
    if (((cells[FLAGS] as number) & unsafe) !== 0) {
      const text = src.toString('utf8', at, end + 1);
      // A number JSON.parse would change (1e400) stays as sent, as on the general path.
      const line = slow((rows.rawNumbers ? parseExact(text) : JSON.parse(text)) as MetricRow);
      const needed = pos + Buffer.byteLength(line) + (src.length - end);
      if (needed > out.length) out = grown(out, pos, needed);
      pos += out.write(line, pos);
    } else {
      const date = at + DATE_AT;
      pos = copyBytes(src, date, date + 10, out, pos);
      out[pos++] = d;
      pos = copyBytes(src, cells[PROVIDER] as number, cells[PROVIDER_END] as number, out, pos);
      out[pos++] = d;
      pos = copyBytes(src, cells[METRIC] as number, cells[METRIC_END] as number, out, pos);
      out[pos++] = d;
      pos = copyBytes(src, cells[NUM] as number, cells[NUM_END] as number, out, pos);
      out[pos++] = d;
      pos = copyBytes(src, cells[TEXT] as number, cells[TEXT_END] as number, out, pos);
      out[pos++] = d;
      pos = copyBytes(src, cells[UNIT] as number, cells[UNIT_END] as number, out, pos);
      out[pos++] = d;
      const tail = cells[STREAM] === 1 ? TRUE_LINE_END : FALSE_LINE_END;
      pos = copyBytes(tail, 0, tail.length, out, pos);
    }
    at = end + 2;
  }
  return out.subarray(0, pos);
}

function grown(out: Buffer, used: number, needed: number): Buffer {
  const bigger = Buffer.allocUnsafeSlow(Math.max(needed, out.length * 2));
  out.copy(bigger, 0, 0, used);
  return bigger;
}
