// The rows of a proven page (page-text.ts) read off its bytes for the daily summaries: a
// summary of a million rows keeps a few numbers per metric, provider and day, so parsing each
// row into an object (JSON.parse of the page, after decoding its bytes a second time) was most
// of its cost, and all of its garbage. Names, dates, units and text values come from a
// ByteNames table (a few dozen distinct ones a page); numbers are read off their digits.
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
} from '../api/pagination/row-bytes.ts';
import { numberAt } from '../api/pagination/row-numbers.ts';
import type { MetricRow } from '../api/types.ts';
import { ByteNames } from '../lib/byte-names.ts';

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
          nullableName(names, src, cells[TEXT] as number, cells[TEXT_END] as number),
          nullableName(names, src, cells[UNIT] as number, cells[UNIT_END] as number),
          cells[STREAM] === 1,
        );
      },
      this.#cells,
    );
  }
}
