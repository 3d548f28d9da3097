// The common case of CSV/TSV without csv-stringify's per-field machinery (cast callbacks, quote
// checks, allocations: a large share of an export's time, profiled;
// `npm run bench -- --only throughput`). A row whose cells are all strings that need no quoting,
// numbers, booleans or null is written here; any other row returns undefined and goes through
// csv-stringify, which stays the reference. test/unit/csv-fast.test.ts proves the two
// byte-identical over random and awkward rows (a property test with fast-check).
//
// What csv-stringify does with our options (quote '"', escape '"', record delimiter '\n',
// cast: numbers String(n), booleans true/false): a string is quoted when it holds the quote,
// the delimiter, '\n' or '\r', and left as is otherwise; '' and null/undefined are empty cells.
import type { MetricRow } from '../../api/types.ts';

/**
 * A joined row that csv-stringify would leave unquoted: exactly CELLS − 1 delimiters and no
 * quote, CR or LF. The join adds exactly CELLS − 1 delimiters, and numbers and booleans hold
 * none of these characters, so this holds if and only if no string cell needs quoting. One
 * test per row, instead of one per cell (less time, profiled); nothing in it backtracks.
 */
const PLAIN_LINE = {
  ',': /^[^",\r\n]*(?:,[^",\r\n]*){6}$/,
  '\t': /^[^"\t\r\n]*(?:\t[^"\t\r\n]*){6}$/,
} as const;

export type Delimiter = keyof typeof PLAIN_LINE;

/** The cell's text, unchecked; undefined for what csv-stringify must cast (objects, arrays). */
function cellText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      // Never holds a quote, delimiter or line break: digits, '.', 'e', '+', '-', NaN, Infinity.
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    case 'object':
      return value === null ? '' : undefined;
    default:
      return undefined;
  }
}

/** One line, '\n' included, or undefined when csv-stringify must write this row. */
export function fastLine(row: MetricRow, delimiter: Delimiter): string | undefined {
  const date = cellText(row.date);
  const provider = cellText(row.provider);
  const metric = cellText(row.metric);
  const numValue = cellText(row.numValue);
  const textValue = cellText(row.textValue);
  const unit = cellText(row.unit);
  const stream = cellText(row.stream);
  if (
    date === undefined ||
    provider === undefined ||
    metric === undefined ||
    numValue === undefined ||
    textValue === undefined ||
    unit === undefined ||
    stream === undefined
  ) {
    return undefined;
  }
  const d = delimiter;
  const line =
    date + d + provider + d + metric + d + numValue + d + textValue + d + unit + d + stream;
  return PLAIN_LINE[delimiter].test(line) ? line + '\n' : undefined;
}
