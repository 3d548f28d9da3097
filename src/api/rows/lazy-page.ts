// A page whose rows were proven canonical (canonical-proof.ts) keeps their bytes, and parses them only
// when something reads `data`: an ndjson or csv export of such pages never calls JSON.parse on
// a row. The bytes ride on the page as a hidden (non-enumerable) property, so a page rebuilt
// with other rows (`{ ...page, data: page.data.slice(0, n) }`) can never carry stale rows.
import { parseExact } from '../exact-numbers.ts';
import type { Meta, MetricRow } from '../types.ts';
import { rowsPieces, type CanonicalRows } from './canonical-proof.ts';
import type { Page } from '../pagination/types.ts';

const ROWS = Symbol('canonical rows');
const ROW_START = Buffer.from('{"date":"');
const PARSED = Symbol('parsed rows');

/** Anything that holds rows: a Page, or `{ data }` built by hand. */
export interface PageRows {
  readonly data: readonly MetricRow[];
}

interface Hidden {
  [ROWS]: CanonicalRows;
  [PARSED]: MetricRow[] | undefined;
}

// One getter for every text page, not a closure per page: V8 keeps an accessor in the object's
// map, and a new closure per page made a new map per page, which held that page's text (via
// the closure) until the next full GC: every page text was promoted to the old generation and
// peak RSS grew with the export (--trace-gc-nvp; `npm run bench -- --only memory`).
function parsedRows(this: Hidden): MetricRow[] {
  // Proven: valid JSON, the spec's types. Nothing left to check; a number JSON.parse would
  // change (1e400) stays as sent, in a RawNumber.
  if (this[PARSED] !== undefined) return this[PARSED];
  const rows = this[ROWS];
  const parse = rows.rawNumbers ? parseExact : JSON.parse;
  // Piece by piece: one string of the whole page would be a large object (canonical-proof.ts).
  let out: MetricRow[] | undefined;
  for (const piece of rowsPieces(rows)) {
    const part = parse(`[${piece}]`) as MetricRow[];
    if (out === undefined) out = part;
    else for (const row of part) out.push(row);
  }
  return (this[PARSED] = out ?? []);
}

const HIDDEN = { writable: true, enumerable: false, configurable: false } as const;

export function textPage(
  rows: CanonicalRows,
  next_cursor: string | null,
  meta: Meta | undefined,
  cut = false,
): Page {
  const page = { next_cursor, meta, cut };
  Object.defineProperty(page, ROWS, { ...HIDDEN, value: rows });
  Object.defineProperty(page, PARSED, { ...HIDDEN, value: undefined });
  // Own and enumerable, as `data` of any page is: a spread reads it (and parses).
  Object.defineProperty(page, 'data', { get: parsedRows, enumerable: true });
  return page as Page;
}

/** The page's rows as JSON.stringify writes them (bytes), when proven; undefined otherwise. */
export function canonicalRows(page: PageRows): CanonicalRows | undefined {
  return (page as Partial<Hidden>)[ROWS];
}

/** page.data.length, without parsing the rows. */
export function rowCount(page: PageRows): number {
  return canonicalRows(page)?.count ?? page.data.length;
}

/** The last row's date, without parsing the rows. */
export function lastDate(page: PageRows): string | undefined {
  const rows = canonicalRows(page);
  if (rows === undefined) return page.data.at(-1)?.date;
  // Canonical rows start `{"date":"YYYY-MM-DD"`; the last such start is the last row's.
  const at = rows.bytes.lastIndexOf(ROW_START);
  return at === -1 ? undefined : rows.bytes.toString('latin1', at + 9, at + 19);
}

/** The same page with `cut` set; unparsed rows stay unparsed. */
export function withCut(page: Page, cut: boolean): Page {
  if (page.cut === cut) return page;
  const rows = canonicalRows(page);
  // A text page passed the row guard whole: it has nothing dropped to carry.
  if (rows !== undefined) return textPage(rows, page.next_cursor, page.meta, cut);
  return withDropped(
    { data: page.data, next_cursor: page.next_cursor, meta: page.meta, cut },
    page,
  );
}

/** The page's first `n` rows (n below its count), marked cut. */
export function firstRows(page: Page, n: number): Page {
  const { next_cursor, meta } = page;
  return withDropped({ data: page.data.slice(0, n), next_cursor, meta, cut: true }, page);
}

function withDropped(out: Page, from: Page): Page {
  if (from.dropped !== undefined) out.dropped = from.dropped;
  return out;
}
