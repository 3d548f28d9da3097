// A page of rows as JSON texts joined by a separator: the server's own bytes when they are
// provably what JSON.stringify would write (see canonical-proof.ts), else one JSON.stringify call for
// the page instead of one per row (about 30% cheaper for 1000-row pages; profiled with npm run
// bench).
//
// Why splitting is safe: the rows are objects, so JSON.stringify(rows) is `[` + the rows joined
// by `,` + `]`, and each row starts with `{` and ends with `}`. There are therefore at least
// rows.length − 1 occurrences of `},{`. When there are exactly that many, none is inside a row
// (a string value or a nested array of objects), and every one is a boundary between rows.
// Otherwise fall back to stringifying row by row.
import { restoreRawNumbers } from '../api/exact-numbers.ts';
import type { CanonicalRows } from '../api/rows/canonical-proof.ts';
import { END, forEachRow } from '../api/rows/row-layout.ts';
import { canonicalRows, type PageRows } from '../api/rows/lazy-page.ts';

const BOUNDARY = '},{';

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
  const canonical = canonicalRows(page);
  if (canonical !== undefined) return joinBytes(canonical, separator, before, after);
  return before + joinParsed(page, separator) + after;
}

function joinBytes(rows: CanonicalRows, separator: string, before: string, after: string): Buffer {
  const src = rows.bytes;
  if (rows.count === 0) return Buffer.from(before + after);
  const sep = Buffer.from(separator);
  const head = Buffer.from(before);
  const tail = Buffer.from(after);
  const size = head.length + src.length + (rows.count - 1) * (sep.length - 1) + tail.length;
  const out = Buffer.allocUnsafeSlow(size);
  head.copy(out, 0);
  let pos = head.length;
  if (sep.length === 1) {
    // The common case (ndjson): the rows as they came, each `,` between two rows replaced.
    src.copy(out, pos);
    const code = sep[0] as number;
    const last = head.length + src.length - 1;
    forEachRow(rows, (_at, cells) => {
      const comma = head.length + (cells[END] as number) + 1;
      if (comma < last) out[comma] = code;
    });
    pos += src.length;
  } else {
    let from = 0;
    forEachRow(rows, (_at, cells) => {
      const end = (cells[END] as number) + 1;
      pos += src.copy(out, pos, from, end);
      if (end < src.length) pos += sep.copy(out, pos);
      from = end + 1;
    });
  }
  tail.copy(out, pos);
  return out;
}

function joinParsed(page: PageRows, separator: string): string {
  const rows = page.data;
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
