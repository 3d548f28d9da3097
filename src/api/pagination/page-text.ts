// A proof, from a page's raw text alone, that its rows are exactly what JSON.stringify writes
// for the parsed rows, and that they have the spec's types. Such a page needs no JSON.parse for
// its rows (~250 ms per 337k rows, the largest cost of an export; profiled): JSON output writes
// the server's text, csv/tsv read the cells off it (csv-text.ts), and the rows are parsed only
// if something asks for them (text-page.ts).
//
// The proof is one anchored regex over the page text. It accepts a `data` array only when every
// row is in exactly the form JSON.stringify writes for the parsed row:
// - the spec's seven fields, in the spec's order, each once, no whitespace anywhere;
// - the spec's types: date a "YYYY-MM-DD" string, provider and metric strings, numValue a
//   number or null, textValue and unit a string or null, stream true or false (what
//   row-check.ts checks on parsed rows);
// - strings with only the escapes JSON.stringify writes (\" \\ \b \f \n \r \t, and \u00xx in
//   lower case for the other control characters), surrogates only in pairs;
// - numbers in JavaScript's own spelling: an optional '-', an integer part without leading
//   zeros, and an optional fraction that does not end in 0; at most 15 digits; not '-0'.
//   A decimal of at most 15 significant digits is the shortest text of the double nearest to
//   it (doubles are ~10^-16 apart relatively; such decimals at least 10^-15), and JavaScript
//   prints every value from 1e-6 to 1e21 without an exponent, so String() gives it back. Fractions with six leading zeros (1e-7 and below) are left out.
// Numbers of at most 15 digits are exact in a double: such a page needs no exact-number
// handling (exact-numbers.ts) either. Anything else (other servers' spacing, key order,
// exponents, escapes, 1e400) takes the general path: JSON.parse, checkRows, JSON.stringify. test/unit/page-text.test.ts checks the proof against JSON.stringify over
// random rows written in random, often non-canonical, spellings.

// A string as Friedl's "unrolled loop": runs of plain characters between the allowed escapes
// and surrogate pairs. Every branch starts with a different character, so nothing backtracks,
// and the plain runs are the regex engine's fastest loop (~2x the speed of one alternation
// per character, measured).
const PLAIN_RUN = String.raw`[^"\\\u0000-\u001f\ud800-\udfff]*`;
const SPECIAL = String.raw`(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt]|\\u00(?:0[0-7bef]|1[0-9a-f]))`;
const STRING = `"${PLAIN_RUN}(?:${SPECIAL}${PLAIN_RUN})*"`;
const INTEGER = String.raw`0|-?[1-9][0-9]{0,14}`;
const DECIMAL = String.raw`(?=-?[0-9.]{3,16}[,}])-?(?:0|[1-9][0-9]*)\.(?!0{6})[0-9]*[1-9]`;
const NUMBER = `(?:${DECIMAL}|${INTEGER})(?=[,}])`;
const ROW =
  String.raw`\{"date":"[0-9]{4}-[0-9]{2}-[0-9]{2}","provider":${STRING},"metric":${STRING},` +
  String.raw`"numValue":(?:null|${NUMBER}),"textValue":(?:null|${STRING}),` +
  String.raw`"unit":(?:null|${STRING}),"stream":(?:true|false)\}`;
const OPEN = '{"data":[';
const PAGE = new RegExp(String.raw`^\{"data":\[(?:${ROW}(?:,${ROW})*)?\]`);
/** Pages are at most 1000 rows (~150 KB); past this, do not risk the regex's backtrack stack. */
const MAX_TEXT = 8 * 1024 * 1024;

/** A page's rows as JSON.stringify writes them, without the brackets: `{...},{...}`. */
export interface CanonicalRows {
  readonly text: string;
  /** How many rows `text` holds. */
  readonly count: number;
}

/** What follows the rows, from `]` on, for instance `,"next_cursor":null,"meta":{…}}`. */
export interface ProvenPage {
  rows: CanonicalRows;
  tail: string;
}

/** Splits a page's text into proven canonical rows and the rest; undefined when unproven. */
export function provePage(text: string): ProvenPage | undefined {
  if (text.length > MAX_TEXT || !text.startsWith(OPEN)) return undefined;
  let match: RegExpExecArray | null;
  try {
    match = PAGE.exec(text);
  } catch {
    return undefined;
  }
  if (match === null) return undefined;
  const rows = text.slice(OPEN.length, match[0].length - 1);
  return { rows: { text: rows, count: countRows(rows) }, tail: text.slice(match[0].length) };
}

/**
 * In canonical text every row starts with `{"date":`, and `{"` never occurs inside a string (a
 * quote in a string is escaped) nor in a nested value (there are none): so `},{"date":` is
 * exactly the boundary between two rows.
 */
export const ROW_BOUNDARY = '},{"date":';

function countRows(rows: string): number {
  if (rows === '') return 0;
  let count = 1;
  for (let at = rows.indexOf(ROW_BOUNDARY); at !== -1; at = rows.indexOf(ROW_BOUNDARY, at + 9)) {
    count++;
  }
  return count;
}
