// CSV/TSV lines read straight off a page's proven text (page-text.ts), without parsing its rows:
// ~70 ms per 337k rows against ~270 ms for JSON.parse and a line per row object (measured).
// test/unit/csv-text.test.ts proves the result byte-identical to csv-stringify's.
//
// Proven text has a fixed shape per row (page-text.ts):
//   {"date":"YYYY-MM-DD","provider":S,"metric":S,"numValue":N|null,"textValue":S|null,
//    "unit":S|null,"stream":true|false}
// rows joined by `,`, and `},{"date":` occurs only between two rows. In a row without a
// backslash no string holds an escape: so no quote (a quote in a string is always escaped) and
// no control character (canonical strings escape them all), hence no CR, LF or tab, and a
// string's closing quote is the next `"`. Numbers are written as String() prints them
// (proven), which is csv-stringify's cast; null is an empty cell. What is left that
// csv-stringify would quote is a comma in a string of a CSV row: found below. Such a row, or
// one with a backslash, is parsed on its own and written the general way (`slow`).
import { ROW_BOUNDARY, type CanonicalRows } from '../../api/pagination/page-text.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Delimiter } from './csv-fast.ts';

// Lengths of the fixed parts of a row, from the start of each value.
const DATE_VALUE = '{"date":"'.length;
const PROVIDER_VALUE = '","provider":"'.length;
const METRIC_VALUE = '","metric":"'.length;
const NUM_VALUE = '","numValue":'.length;
const TEXT_VALUE = ',"textValue":'.length;
const UNIT_VALUE = ',"unit":'.length;
const STREAM_VALUE = ',"stream":'.length;
const NULL = 0x6e; // 'n'
const TRUE = 0x74; // 't'

/**
 * The rows as csv-stringify writes them, each line ending in '\n'. `slow` writes the line of a
 * row this cannot (one that needs quoting or holds an escape), given the parsed row.
 */
export function csvFromText(
  rows: CanonicalRows,
  delimiter: Delimiter,
  slow: (row: MetricRow) => string,
): string {
  const text = rows.text;
  const comma = delimiter === ',';
  const d = delimiter;
  /** End (closing quote) of the string starting at `from`, or -1 if it needs quoting. */
  const stringEnd = (from: number): number => {
    const end = text.indexOf('"', from);
    // The first comma at or after the string's start must be the structural one after it.
    return comma && text.indexOf(',', from) !== end + 1 ? -1 : end;
  };
  /** The line of the row from `at` to `end` (its closing brace), or undefined. */
  const line = (at: number): string | undefined => {
    const date = at + DATE_VALUE;
    const provider = date + 10 + PROVIDER_VALUE;
    const providerEnd = stringEnd(provider);
    if (providerEnd < 0) return undefined;
    const metric = providerEnd + METRIC_VALUE;
    const metricEnd = stringEnd(metric);
    if (metricEnd < 0) return undefined;
    const num = metricEnd + NUM_VALUE;
    const numEnd = text.indexOf(',', num);
    const textAt = numEnd + TEXT_VALUE;
    let textCell = '';
    let unitAt: number;
    if (text.charCodeAt(textAt) === NULL) {
      unitAt = textAt + 4 + UNIT_VALUE;
    } else {
      const end = stringEnd(textAt + 1);
      if (end < 0) return undefined;
      textCell = text.slice(textAt + 1, end);
      unitAt = end + 1 + UNIT_VALUE;
    }
    let unitCell = '';
    let streamAt: number;
    if (text.charCodeAt(unitAt) === NULL) {
      streamAt = unitAt + 4 + STREAM_VALUE;
    } else {
      const end = stringEnd(unitAt + 1);
      if (end < 0) return undefined;
      unitCell = text.slice(unitAt + 1, end);
      streamAt = end + 1 + STREAM_VALUE;
    }
    const numCell = text.charCodeAt(num) === NULL ? '' : text.slice(num, numEnd);
    return (
      text.slice(date, date + 10) +
      d +
      text.slice(provider, providerEnd) +
      d +
      text.slice(metric, metricEnd) +
      d +
      numCell +
      d +
      textCell +
      d +
      unitCell +
      d +
      (text.charCodeAt(streamAt) === TRUE ? 'true\n' : 'false\n')
    );
  };
  let out = '';
  let backslash = text.indexOf('\\');
  for (let at = 0, n = 0; n < rows.count; n++) {
    // The row's closing brace: just before the next boundary, or the text's last character.
    const next = text.indexOf(ROW_BOUNDARY, at);
    const end = next === -1 ? text.length - 1 : next;
    if (backslash !== -1 && backslash < at) backslash = text.indexOf('\\', at);
    const fast = backslash !== -1 && backslash < end ? undefined : line(at);
    out += fast ?? slow(JSON.parse(text.slice(at, end + 1)) as MetricRow);
    at = end + 2;
  }
  return out;
}
