// The one way to read a page's rows. A proven page (canonical-proof.ts) is read off its bytes
// (row-layout.ts finds each row's cells, name-table.ts makes each name once, row-numbers.ts
// reads the numbers off their digits); any other page's rows are the parsed objects. Either way
// the visitor sees a RowView with the same fields, as JSON.parse (parseExact, for a page with a
// number JSON.parse would change) makes them: test/unit/row-walk.test.ts holds both to that.
// Callers never ask whether a page is proven; a writer that copies bytes (csv, ndjson) asks the
// view for them (`bytes`), and gets undefined for a parsed row.
import type { RawNumber } from '../exact-numbers.ts';
import type { MetricRow } from '../types.ts';
import { ByteView } from './byte-view.ts';
import { canonicalRows, type PageRows } from './lazy-page.ts';
import type { RowView } from './row-view.ts';

export type { ProvenRow, RowView } from './row-view.ts';

class ParsedView implements RowView {
  row!: MetricRow;
  readonly bytes = undefined;
  date = (): string => this.row.date;
  provider = (): string => this.row.provider;
  metric = (): string => this.row.metric;
  numValue = (): number | RawNumber | null => this.row.numValue;
  hasNumber = (): boolean => this.row.numValue !== null;
  numLength = (): number => -1;
  textValue = (): string | null => this.row.textValue;
  unit = (): string | null => this.row.unit;
  stream = (): boolean => this.row.stream === true;
  object = (): MetricRow => this.row;
}

/**
 * Walks pages' rows. Keep one walker for all the pages of a command: its name table carries
 * from page to page (a few dozen distinct names in all).
 */
export class RowWalker {
  readonly #bytes = new ByteView();
  readonly #parsed = new ParsedView();

  /** Calls `visit` with a view of each of the page's rows, in order. One walk at a time: the views are reused. */
  walk(page: PageRows, visit: (row: RowView) => void): void {
    const rows = canonicalRows(page);
    if (rows === undefined) {
      const view = this.#parsed;
      for (const row of page.data) {
        view.row = row;
        visit(view);
      }
      return;
    }
    const view = this.#bytes;
    view.startPage(rows);
    for (let at = 0, n = 0; n < rows.count; n++) {
      at = view.next(at);
      visit(view);
    }
  }

  /** The page's rows as objects: made from the bytes for a proven page, never by parsing it. */
  objects(page: PageRows): readonly MetricRow[] {
    if (canonicalRows(page) === undefined) return page.data;
    const out: MetricRow[] = [];
    this.walk(page, (row) => out.push(row.object()));
    return out;
  }
}
