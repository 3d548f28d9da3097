// The rows of a proven page (canonical-proof.ts) as objects, made from its bytes: no page-sized text
// (decoding a realistic page's UTF-8 is ~17x slower than latin1) and no JSON.parse. A sync of
// 1M rows spent ~30 % of its CPU there (profiled). Each row's cells are found by row-layout.ts;
// dates, names, units and text values come from a ByteNames table (a few dozen distinct ones a
// page); numbers are read off their digits. The objects are what JSON.parse (parseExact, for a
// page with a number JSON.parse would change) makes of the same rows: same keys in the same
// order, same values; test/unit/row-decode.test.ts holds it to that.
import { ByteNames } from '../rows/name-table.ts';
import { parseExact } from '../exact-numbers.ts';
import type { MetricRow } from '../types.ts';
import type { CanonicalRows } from '../rows/canonical-proof.ts';
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
} from '../rows/row-layout.ts';
import { canonicalNumberAt, exactNumberAt } from '../rows/row-numbers.ts';

/** Keeps its name table from page to page: one decoder for all the pages of a command. */
export class RowDecoder {
  readonly #names = new ByteNames();
  readonly #cells = newRowCells();

  decode(rows: CanonicalRows): MetricRow[] {
    const src = rows.bytes;
    const names = this.#names;
    // No number JSON.parse would change: each is its own double's spelling (canonical-proof.ts).
    const number = rows.rawNumbers ? exactNumberAt : canonicalNumberAt;
    const out: MetricRow[] = [];
    forEachRow(
      rows,
      (at, cells) => {
        // An escape in a string: its bytes are not its text. Parse this row alone.
        if (((cells[FLAGS] as number) & HAS_ESCAPE) !== 0) {
          const text = src.toString('utf8', at, (cells[END] as number) + 1);
          out.push((rows.rawNumbers ? parseExact(text) : JSON.parse(text)) as MetricRow);
          return;
        }
        const numAt = cells[NUM] as number;
        out.push({
          date: names.name(src, at + DATE_AT, at + DATE_AT + 10),
          provider: names.name(src, cells[PROVIDER] as number, cells[PROVIDER_END] as number),
          metric: names.name(src, cells[METRIC] as number, cells[METRIC_END] as number),
          numValue: numAt === -1 ? null : number(src, numAt, cells[NUM_END] as number),
          textValue: nullableName(names, src, cells[TEXT] as number, cells[TEXT_END] as number),
          unit: nullableName(names, src, cells[UNIT] as number, cells[UNIT_END] as number),
          stream: cells[STREAM] === 1,
        });
      },
      this.#cells,
    );
    return out;
  }
}
