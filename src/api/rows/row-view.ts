// What a reader of rows sees of one row (row-walk.ts): the same fields for a row read off a
// proven page's bytes (byte-view.ts) and for a parsed one.
import type { RawNumber } from '../exact-numbers.ts';
import type { MetricRow } from '../types.ts';
import type { CanonicalRows } from './canonical-proof.ts';
import type { RowCells } from './row-layout.ts';

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
