// A page of rows as JSON texts joined by a separator: the server's own text when it is provably
// what JSON.stringify would write (see page-text.ts), else one JSON.stringify call for the page
// instead of one per row (about 30% cheaper for 1000-row pages; profiled with npm run bench).
//
// Why splitting is safe: the rows are objects, so JSON.stringify(rows) is `[` + the rows joined
// by `,` + `]`, and each row starts with `{` and ends with `}`. There are therefore at least
// rows.length − 1 occurrences of `},{`. When there are exactly that many, none is inside a row
// (a string value or a nested array of objects), and every one is a boundary between rows.
// Otherwise fall back to stringifying row by row.
import { restoreRawNumbers } from '../api/exact-numbers.ts';
import { ROW_BOUNDARY } from '../api/pagination/page-text.ts';
import { canonicalRows, type PageRows } from '../api/pagination/text-page.ts';

const BOUNDARY = '},{';

export function joinRows(page: PageRows, separator: string): string {
  const canonical = canonicalRows(page);
  // Proven text: ROW_BOUNDARY is exactly the boundary between two rows (page-text.ts).
  if (canonical !== undefined) {
    return canonical.text.replaceAll(ROW_BOUNDARY, `}${separator}{"date":`);
  }
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
