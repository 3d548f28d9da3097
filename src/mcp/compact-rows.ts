// Rows as columns plus arrays, within a budget of rows and bytes: a model reads the answer as
// text, and common clients cut a tool result off at about 25,000 tokens. The budget stops the
// answer well under that, and says so, instead of letting the client truncate it blindly.
import type { MetricRow } from '../api/types.ts';

export const COLUMNS = [
  'date',
  'provider',
  'metric',
  'numValue',
  'textValue',
  'unit',
  'stream',
] as const;

export type CompactRow = [
  string,
  string,
  string,
  number | null,
  string | null,
  string | null,
  boolean,
];

/** At most this many rows per answer. */
export const MAX_ROWS = 2000;
/** At most this many bytes of row JSON per answer (~25k tokens is ~100 KB of JSON). */
export const MAX_ROW_BYTES = 100_000;

export class RowBudget {
  readonly rows: CompactRow[] = [];
  #bytes = 0;
  readonly #maxRows: number;
  readonly #maxBytes: number;
  /** Why the last add() was refused: the caller's row limit or the byte budget. */
  full: 'rows' | 'bytes' | null = null;

  constructor(maxRows: number, maxBytes = MAX_ROW_BYTES) {
    this.#maxRows = maxRows;
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Adds a row if it fits; false once the budget is spent (and from then on). */
  add(row: MetricRow): boolean {
    if (this.full) return false;
    if (this.rows.length >= this.#maxRows) {
      this.full = 'rows';
      return false;
    }
    const compact = compactRow(row);
    // +1 for the comma between rows.
    const size = JSON.stringify(compact).length + 1;
    if (this.#bytes + size > this.#maxBytes) {
      this.full = 'bytes';
      return false;
    }
    this.rows.push(compact);
    this.#bytes += size;
    return true;
  }
}

/** Fields a server leaves out or sends with another type become null rather than lies. */
export function compactRow(row: MetricRow): CompactRow {
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return [
    String(row.date),
    String(row.provider),
    String(row.metric),
    typeof row.numValue === 'number' ? row.numValue : null,
    text(row.textValue),
    text(row.unit),
    row.stream === true,
  ];
}
