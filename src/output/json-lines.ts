// A page of rows as JSON texts joined by a separator: the server's own text when it is provably
// what JSON.stringify would write (see page-text.ts), else one JSON.stringify call for the page
// instead of one per row (about 30% cheaper for 1000-row pages; profiled with npm run bench).
//
// Why splitting is safe: the rows are objects, so JSON.stringify(rows) is `[` + the rows joined
// by `,` + `]`, and each row starts with `{` and ends with `}`. There are therefore at least
// rows.length − 1 occurrences of `},{`. When there are exactly that many, none is inside a row
// (a string value or a nested array of objects), and every one is a boundary between rows.
// Otherwise fall back to stringifying row by row.
import { canonicalRowsText } from '../api/pagination/page-text.ts';
import type { MetricRow } from '../api/types.ts';

const BOUNDARY = '},{';
const ROW_START = '},{"date":';

export function joinRows(rows: readonly MetricRow[], separator: string): string {
  const canonical = canonicalRowsText(rows);
  // In canonical text every row starts with `{"date":`, and `{"` never occurs inside a string
  // (a quote in a string is escaped) nor in a nested value (there are none): so `},{"date":`
  // is exactly the boundary between two rows, and no count is needed.
  if (canonical !== undefined) return canonical.replaceAll(ROW_START, `}${separator}{"date":`);
  const inner = JSON.stringify(rows).slice(1, -1);
  let boundaries = 0;
  let at = inner.indexOf(BOUNDARY);
  while (at !== -1 && boundaries < rows.length) {
    boundaries++;
    at = inner.indexOf(BOUNDARY, at + 1);
  }
  if (boundaries !== rows.length - 1) return rows.map((row) => JSON.stringify(row)).join(separator);
  return inner.replaceAll(BOUNDARY, `}${separator}{`);
}
