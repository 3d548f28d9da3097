import type { Dataset, Series } from './dataset.ts';

/** A page's rows: a contiguous run [start, end) or a list of row indices. */
export type PageRows = { start: number; end: number } | { indices: ArrayLike<number> };

export interface PageSelection {
  rows: PageRows;
  /** Where the next page starts, or null when no matching row is left. */
  next: number | null;
}

/** Global rows [lo, hi) covering the day numbers from..to (inclusive), clamped to the data. */
export function dayRange(ds: Dataset, from: number | null, to: number | null): [number, number] {
  const days = ds.dayStart.length - 1;
  const clamp = (k: number) => Math.min(Math.max(k, 0), days);
  const firstAgo = clamp(to === null ? 0 : ds.today - to);
  const endAgo = clamp(from === null ? days : ds.today - from + 1);
  const lo = ds.dayStart[firstAgo] ?? 0;
  const hi = ds.dayStart[endAgo] ?? 0;
  return [lo, Math.max(lo, hi)];
}

function lowerBound(rows: Uint32Array, value: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Up to `limit` matching rows at or after `pos` within [lo, hi). `selected` null means every
 * row matches. Selective filters walk only their own series, so cost follows the page size,
 * not the dataset size.
 */
export function selectPage(
  selected: readonly Series[] | null,
  lo: number,
  hi: number,
  pos: number,
  limit: number,
): PageSelection {
  const start = Math.max(lo, pos);
  if (selected === null) {
    const end = Math.min(start + limit, hi);
    if (end <= start) return { rows: { start: 0, end: 0 }, next: null };
    return { rows: { start, end }, next: end < hi ? end : null };
  }
  if (selected.length === 1 && selected[0]) {
    const rows = selected[0].rows;
    const i = lowerBound(rows, start);
    const stop = lowerBound(rows, hi);
    const j = Math.min(i + limit, stop);
    const indices = rows.subarray(i, Math.max(i, j));
    return { rows: { indices }, next: j < stop ? (rows[j - 1] as number) + 1 : null };
  }
  // k-way merge over the selected series; k is small (a few dozen at most).
  const cursors = selected.map((s) => ({ rows: s.rows, i: lowerBound(s.rows, start) }));
  const out: number[] = [];
  const peek = (): { rows: Uint32Array; i: number } | undefined => {
    let best: { rows: Uint32Array; i: number } | undefined;
    let bestRow = hi;
    for (const c of cursors) {
      const r = c.rows[c.i];
      if (r !== undefined && r < bestRow) {
        best = c;
        bestRow = r;
      }
    }
    return best;
  };
  while (out.length < limit) {
    const c = peek();
    if (!c) break;
    out.push(c.rows[c.i++] as number);
  }
  const more = out.length === limit && peek() !== undefined;
  return { rows: { indices: out }, next: more ? (out[out.length - 1] as number) + 1 : null };
}

const DATA_OPEN = Buffer.from('{"data":[');

/** The page body as one buffer: `{"data":[rows],"next_cursor":...,"meta":...}`. */
export function pageBody(ds: Dataset, rows: PageRows, tail: string): Buffer {
  const closing = Buffer.from(`]${tail}`);
  const { offsets, bytes } = ds;
  const at = (i: number) => offsets[i] as number;
  const ranges: number[] = [];
  if ('start' in rows) {
    if (rows.end > rows.start) ranges.push(at(rows.start), at(rows.end));
  } else {
    for (let k = 0; k < rows.indices.length; k++) {
      const i = rows.indices[k] as number;
      ranges.push(at(i), at(i + 1));
    }
  }
  // Every row ends with a comma; the last one's is dropped.
  if (ranges.length > 0) ranges[ranges.length - 1] = (ranges[ranges.length - 1] as number) - 1;
  let size = DATA_OPEN.length + closing.length;
  for (let k = 0; k < ranges.length; k += 2)
    size += (ranges[k + 1] as number) - (ranges[k] as number);
  const out = Buffer.allocUnsafe(size);
  let pos = DATA_OPEN.copy(out, 0);
  for (let k = 0; k < ranges.length; k += 2) {
    pos += bytes.copy(ranges[k] as number, ranges[k + 1] as number, out, pos);
  }
  closing.copy(out, pos);
  return out;
}
