// A page of rows as JSON texts joined by a separator: the server's own bytes when they are provably
// what JSON.stringify would write (see canonical-proof.ts), else one JSON.stringify call for the
// page instead of one per row (cheaper for full pages; profiled with
// `npm run bench -- --only throughput`).
//
// Why splitting is safe: the rows are objects, so JSON.stringify(rows) is `[` + the rows joined
// by `,` + `]`, and each row starts with `{` and ends with `}`. There are therefore at least
// rows.length − 1 occurrences of `},{`. When there are exactly that many, none is inside a row
// (a string value or a nested array of objects), and every one is a boundary between rows.
// Otherwise fall back to stringifying row by row.
import { restoreRawNumbers } from '../api/exact-numbers.ts';
import type { PageRows } from '../api/rows/lazy-page.ts';
import { END } from '../api/rows/row-layout.ts';
import { RowWalker } from '../api/rows/row-walk.ts';
import type { MetricRow } from '../api/types.ts';

const BOUNDARY = '},{';
// Reads no names: one walker serves every page (a walk is synchronous).
const walker = new RowWalker();

/**
 * The page's rows as JSON joined by `separator`, with `before` and `after` around them: bytes
 * for a proven page, else text.
 */
export function joinRows(
  page: PageRows,
  separator: string,
  before = '',
  after = '',
): string | Buffer {
  const parsed: MetricRow[] = [];
  const sep = Buffer.from(separator);
  const head = Buffer.from(before);
  let out: Buffer | undefined;
  let pos = 0;
  let from = 0;
  let last = 0;
  walker.walk(page, (row) => {
    const proven = row.bytes;
    if (proven === undefined) {
      parsed.push(row.object());
      return;
    }
    const src = proven.src;
    if (out === undefined) {
      const { count } = proven.page;
      const size = head.length + src.length + (count - 1) * (sep.length - 1) + after.length;
      out = Buffer.allocUnsafeSlow(size);
      pos = head.copy(out, 0);
      // The common case (ndjson): the rows as they came, each `,` between two rows replaced.
      if (sep.length === 1) src.copy(out, pos);
      last = head.length + src.length - 1;
    }
    const end = (proven.cells[END] as number) + 1;
    if (sep.length === 1) {
      if (head.length + end < last) out[head.length + end] = sep[0] as number;
    } else {
      pos += src.copy(out, pos, from, end);
      if (end < src.length) pos += sep.copy(out, pos);
      from = end + 1;
    }
  });
  if (out === undefined) {
    if (parsed.length === 0) return before + after;
    return before + joinParsed(parsed, separator) + after;
  }
  if (sep.length === 1) pos = out.length - after.length;
  out.write(after, pos);
  return out;
}

function joinParsed(rows: readonly MetricRow[], separator: string): string {
  const inner = JSON.stringify(rows).slice(1, -1);
  let boundaries = 0;
  let at = inner.indexOf(BOUNDARY);
  while (at !== -1 && boundaries < rows.length) {
    boundaries++;
    at = inner.indexOf(BOUNDARY, at + 1);
  }
  // RawNumbers (1e400 and the like; never in canonical text) go back as the bare numbers sent.
  if (boundaries !== rows.length - 1) {
    return restoreRawNumbers(rows.map((row) => JSON.stringify(row)).join(separator));
  }
  return restoreRawNumbers(inner.replaceAll(BOUNDARY, `}${separator}{`));
}
