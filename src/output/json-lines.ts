// A page of rows as JSON texts joined by a separator, from one JSON.stringify call instead of
// one per row (about 30% cheaper for 1000-row pages; profiled with npm run bench).
//
// Why splitting is safe: the rows are objects, so JSON.stringify(rows) is `[` + the rows joined
// by `,` + `]`, and each row starts with `{` and ends with `}`. There are therefore at least
// rows.length − 1 occurrences of `},{`. When there are exactly that many, none is inside a row
// (a string value or a nested array of objects), and every one is a boundary between rows.
// Otherwise fall back to stringifying row by row.
import { restoreRawNumbers } from '../api/exact-numbers.ts';
import type { MetricRow } from '../api/types.ts';

const BOUNDARY = '},{';

export function joinRows(rows: readonly MetricRow[], separator: string): string {
  const all = JSON.stringify(rows);
  let boundaries = 0;
  let at = all.indexOf(BOUNDARY);
  while (at !== -1 && boundaries < rows.length) {
    boundaries++;
    at = all.indexOf(BOUNDARY, at + 1);
  }
  // RawNumbers (1e400 and the like) are written back as the bare numbers the server sent.
  if (boundaries !== rows.length - 1) {
    return restoreRawNumbers(rows.map((row) => JSON.stringify(row)).join(separator));
  }
  return restoreRawNumbers(all.slice(1, -1).split(BOUNDARY).join(`}${separator}{`));
}
