// The one way to read a page's rows. A proven page (canonical-proof.ts) is read off its bytes
// (row-layout.ts finds each row's cells, name-table.ts makes each name once, row-numbers.ts
// reads the numbers off their digits); any other page's rows are the parsed objects. Either way
// the visitor sees a RowView with the same fields, as JSON.parse (parseExact, for a page with a
// number JSON.parse would change) makes them: test/unit/row-walk.test.ts holds both to that.
// Callers never ask whether a page is proven; a writer that copies bytes (csv, ndjson) asks the
// view for them (`bytes`), and gets undefined for a parsed row.
import { parseExact, type RawNumber } from '../exact-numbers.ts';
import type { MetricRow } from '../types.ts';
import type { CanonicalRows } from './canonical-proof.ts';
import { canonicalRows, type PageRows } from './lazy-page.ts';
import { ByteNames } from './name-table.ts';
import {
  DATE_AT,
  END,
  FLAGS,
  HAS_ESCAPE,
  METRIC,
  METRIC_END,
  newRowCells,
  nullableName,
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
  type RowCells,
} from './row-layout.ts';
import { canonicalNumberAt, exactNumberAt } from './row-numbers.ts';

/** One row's fields. A view is reused from row to row: read it in the visit, never keep it. */
export interface RowView {
  date(): string;
  provider(): string;
  metric(): string;
  numValue(): number | RawNumber | null;
  /** numValue() is not null (without reading the number). */
  hasNumber(): boolean;
  /** String(numValue()).length when known without making the string (4 for null); else -1. */
  numLength(): number;
  textValue(): string | null;
  unit(): string | null;
  stream(): boolean;
  /** The row as an object (made from the bytes for a proven row). */
  object(): MetricRow;
  /** The proven row's bytes and cells (row-layout.ts), for writers that copy; else undefined. */
  readonly bytes: ProvenRow | undefined;
}

/** Where a proven row sits in its page's bytes. */
export interface ProvenRow {
  readonly src: Buffer;
  /** The row's `{`. */
  readonly at: number;
  /** Filled by readRow: offsets of the cells, END, FLAGS. */
  readonly cells: RowCells;
  /** The page's rows (for a writer that sizes its output once per page). */
  readonly page: CanonicalRows;
}

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

class ByteView implements RowView, ProvenRow {
  readonly names = new ByteNames();
  readonly cells = newRowCells();
  src: Buffer = Buffer.alloc(0);
  page!: CanonicalRows;
  at = 0;
  /** Some string of the row holds an escape: its bytes are not its text. */
  #hasEscape = false;
  /** Such a row parsed on its own, once a field is asked for (a writer copying bytes never). */
  #parsed: MetricRow | undefined;
  // The previous row's key (date, provider and metric: one run of bytes in a proven row) and
  // unit, where they are in the page, and their strings. A page's rows come in long runs of one
  // day, metric and provider (a day's samples): comparing a row's key with the previous row's,
  // byte for byte in the same page, is cheaper than hashing and looking up its three names.
  #keyAt = 0;
  #keyEnd = 0;
  #keyRead = false;
  #metric = '';
  #provider = '';
  #date = '';
  #unitAt = 0;
  #unitEnd = -1;
  #unitRead = false;
  #unit: string | null = null;

  get bytes(): ProvenRow {
    return this;
  }

  /** Starts a page: offsets into another page's bytes mean nothing here. */
  startPage(rows: CanonicalRows): void {
    this.page = rows;
    this.src = rows.bytes;
    this.#keyEnd = this.#keyAt;
    this.#unitEnd = -1;
  }

  /** Moves to the row at `at`; returns where the next row starts. */
  next(at: number): number {
    this.at = at;
    const cells = this.cells;
    readRow(this.src, at, cells);
    this.#hasEscape = ((cells[FLAGS] as number) & HAS_ESCAPE) !== 0;
    this.#parsed = undefined;
    this.#keyRead = false;
    this.#unitRead = false;
    return (cells[END] as number) + 2;
  }

  /**
   * The row parsed, when it holds an escape; else undefined (read it off the bytes). Only its
   * strings are taken from it: a number, the date and `stream` hold no escape.
   */
  #escaped(): MetricRow | undefined {
    if (!this.#hasEscape) return undefined;
    if (this.#parsed === undefined) {
      const text = this.src.toString('utf8', this.at, (this.cells[END] as number) + 1);
      this.#parsed = (this.page.rawNumbers ? parseExact(text) : JSON.parse(text)) as MetricRow;
    }
    return this.#parsed;
  }

  #key(): void {
    this.#keyRead = true;
    const { src, cells, names } = this;
    const keyAt = this.at + DATE_AT;
    const keyEnd = cells[METRIC_END] as number;
    if (!sameBytes(src, this.#keyAt, this.#keyEnd, keyAt, keyEnd)) {
      this.#metric = names.name(src, cells[METRIC] as number, keyEnd);
      this.#provider = names.name(src, cells[PROVIDER] as number, cells[PROVIDER_END] as number);
      this.#date = names.name(src, keyAt, keyAt + 10);
    }
    this.#keyAt = keyAt;
    this.#keyEnd = keyEnd;
  }

  date(): string {
    // Digits: never escaped; but the key cache must not learn an escaped row's names.
    if (this.#hasEscape)
      return this.names.name(this.src, this.at + DATE_AT, this.at + DATE_AT + 10);
    if (!this.#keyRead) this.#key();
    return this.#date;
  }

  provider(): string {
    const escaped = this.#escaped();
    if (escaped !== undefined) return escaped.provider;
    if (!this.#keyRead) this.#key();
    return this.#provider;
  }

  metric(): string {
    const escaped = this.#escaped();
    if (escaped !== undefined) return escaped.metric;
    if (!this.#keyRead) this.#key();
    return this.#metric;
  }

  numValue(): number | RawNumber | null {
    const at = this.cells[NUM] as number;
    if (at === -1) return null;
    // As the page's rows parse (lazy-page.ts): a number JSON.parse would change (1e400 reads
    // Infinity) is a RawNumber, the same from the bytes or parsed.
    const end = this.cells[NUM_END] as number;
    return this.page.rawNumbers
      ? exactNumberAt(this.src, at, end)
      : canonicalNumberAt(this.src, at, end);
  }

  hasNumber(): boolean {
    return this.cells[NUM] !== -1;
  }

  numLength(): number {
    const at = this.cells[NUM] as number;
    if (at === -1) return 4;
    return this.page.rawNumbers ? -1 : (this.cells[NUM_END] as number) - at;
  }

  textValue(): string | null {
    const escaped = this.#escaped();
    if (escaped !== undefined) return escaped.textValue;
    const { src, cells } = this;
    return nullableName(this.names, src, cells[TEXT] as number, cells[TEXT_END] as number);
  }

  unit(): string | null {
    const escaped = this.#escaped();
    if (escaped !== undefined) return escaped.unit;
    if (this.#unitRead) return this.#unit;
    this.#unitRead = true;
    const unitAt = this.cells[UNIT] as number;
    const unitEnd = this.cells[UNIT_END] as number;
    if (!sameBytes(this.src, this.#unitAt, this.#unitEnd, unitAt, unitEnd)) {
      this.#unit = nullableName(this.names, this.src, unitAt, unitEnd);
    }
    this.#unitAt = unitAt;
    this.#unitEnd = unitEnd;
    return this.#unit;
  }

  stream(): boolean {
    return this.cells[STREAM] === 1;
  }

  object(): MetricRow {
    const escaped = this.#escaped();
    if (escaped !== undefined) return escaped;
    return {
      date: this.date(),
      provider: this.provider(),
      metric: this.metric(),
      numValue: this.numValue(),
      textValue: this.textValue(),
      unit: this.unit(),
      stream: this.stream(),
    };
  }
}

/**
 * Walks pages' rows. Keep one walker for all the pages of a command: its name table carries
 * from page to page (a few dozen distinct names in all).
 */
export class RowWalker {
  readonly #bytes = new ByteView();
  readonly #parsed = new ParsedView();

  /** Calls `visit` with a view of each of the page's rows, in order. */
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

/** walk() with a walker of its own: for one page. */
export function forEachRow(page: PageRows, visit: (row: RowView) => void): void {
  new RowWalker().walk(page, visit);
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
