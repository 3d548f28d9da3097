// A proven row read off its page's bytes (row-layout.ts finds its cells, name-table.ts makes each
// name once, row-numbers.ts reads its numbers off their digits), as row-walk.ts hands it out.
import { parseExact, type RawNumber } from '../exact-numbers.ts';
import type { MetricRow } from '../types.ts';
import type { CanonicalRows } from './canonical-proof.ts';
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
} from './row-layout.ts';
import { canonicalNumberAt, exactNumberAt } from './row-numbers.ts';
import type { ProvenRow, RowView } from './row-view.ts';

export class ByteView implements RowView, ProvenRow {
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
