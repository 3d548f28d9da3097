// A proof, from a page's raw body alone, that its rows are exactly what JSON.stringify writes
// for the parsed rows, and that they have the spec's types. Such a page needs no JSON.parse for
// its rows (~250 ms per 337k rows, the largest cost of an export; profiled): JSON output writes
// the server's bytes, csv/tsv copy the cells out of them (csv-bytes.ts), and the rows are
// parsed only if something asks for them (text-page.ts).
//
// Proven rows are kept as the body's bytes: the page's text lives only while the proof runs.
// A page's text (~125 KB on the JS heap) held until the page was written was alive at nearly
// every scavenge, so V8 kept growing its young generation: peak RSS rose by ~30 MiB between
// 100k and 1M rows (--trace-gc-nvp). The bytes live off the heap. (A proof over the bytes, with
// no text at all, was tried: JS loops ran ~25% slower than this regex, and with so little
// allocated on the heap, V8 scavenged so rarely that dead response buffers piled up off it.)
//
// The proof is one anchored regex over the page text. It accepts a `data` array only when every
// row is in exactly the form JSON.stringify writes for the parsed row:
// - the spec's seven fields, in the spec's order, each once, no whitespace anywhere;
// - the spec's types: date a "YYYY-MM-DD" string, provider and metric strings, numValue a
//   number or null, textValue and unit a string or null, stream true or false (what
//   row-guard.ts checks on parsed rows);
// - strings with only the escapes JSON.stringify writes (\" \\ \b \f \n \r \t, and \u00xx in
//   lower case for the other control characters), surrogates only in pairs;
// - numbers in JavaScript's own spelling: an optional '-', an integer part without leading
//   zeros, and an optional fraction that does not end in 0; at most 15 digits; not '-0'.
//   A decimal of at most 15 significant digits is the shortest text of the double nearest to
//   it (doubles are ~10^-16 apart relatively; such decimals at least 10^-15), and JavaScript
//   prints every value from 1e-6 to 1e21 without an exponent, so String() gives it back.
//   Fractions with six leading zeros (1e-7 and below) are left out.
// Numbers of at most 15 digits are exact in a double: such a page needs no exact-number
// handling (exact-numbers.ts) either. Anything else (other servers' spacing, key order,
// exponents, escapes, 1e400) takes the general path: JSON.parse, the row guard, JSON.stringify.
// While the rows are counted, each is also given to the row guard's text check (dates and
// names, row-guard-text.ts), so a page whose rows all pass is never parsed either.
// test/unit/page-text.test.ts checks the proof against JSON.stringify over random rows written
// in random, often non-canonical, spellings, and over bodies with random bytes changed.
import { exactText, text as decodeText } from '../transport/decode.ts';

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
const FORGET = /^/;
/** Pages are at most 1000 rows (~150 KB); past this, do not risk the regex's backtrack stack. */
const MAX_TEXT = 8 * 1024 * 1024;

/** A page's rows as JSON.stringify writes them, without the brackets: `{...},{...}`. */
export interface CanonicalRows {
  /** The rows' UTF-8 bytes, a view into the response body. */
  readonly bytes: Buffer;
  /** How many rows `bytes` holds. */
  readonly count: number;
}

/** What follows the rows after their `]`, for instance `,"next_cursor":null,"meta":{…}}`. */
export interface ProvenPage {
  rows: CanonicalRows;
  tail: string;
  /** False when the row check refused a row: the page must go through the row guard. */
  clean: boolean;
}

/** Whether the proven row whose `{` is at `at` in `text` may be kept as it is. */
export type RowTextCheck = (text: string, at: number) => boolean;

/**
 * Splits a page's body into proven canonical rows and the text after them; undefined when
 * unproven. A string is taken as its UTF-8 bytes. `check` is asked about every row.
 */
export function provePage(body: Buffer | string, check?: RowTextCheck): ProvenPage | undefined {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  // A string holding a lone surrogate, which UTF-8 cannot carry, is not proven.
  if (bytes.length > MAX_TEXT) return undefined;
  if (typeof body === 'string' && LONE_SURROGATE.test(body)) return undefined;
  const text = exactText(bytes);
  if (text === undefined || !text.startsWith(OPEN)) return undefined;
  let match: RegExpExecArray | null;
  try {
    match = PAGE.exec(text);
  } catch {
    return undefined;
  } finally {
    // V8 keeps the subject of the last match (for RegExp.lastMatch) until the next match: that
    // would keep this page's text alive, the very thing the bytes are here to avoid.
    FORGET.exec('');
  }
  if (match === null) return undefined;
  const end = match[0].length - 1;
  const tail = text.slice(end + 1);
  // What comes before the rows is ASCII, so they start at the same offset in the bytes; they
  // end where the tail's bytes begin, after the `]`.
  const rows = bytes.subarray(OPEN.length, bytes.length - Buffer.byteLength(tail) - 1);
  const { count, clean } = countRows(text, OPEN.length, end, check);
  return { rows: { bytes: rows, count }, tail, clean };
}

/** The rows as text (`{...},{...}`), for the few readers that need a string. */
export function rowsText(rows: CanonicalRows): string {
  return decodeText(rows.bytes);
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * In canonical text every row starts with `{"date":`, and `{"` never occurs inside a string (a
 * quote in a string is escaped) nor in a nested value (there are none): so `},{"date":` is
 * exactly the boundary between two rows.
 */
const ROW_BOUNDARY = '},{"date":';

/**
 * Rows in text[start, end): boundaries plus one. The tail may hold a boundary: not counted.
 * Each row is checked until one fails (then the page is filtered row by row anyway).
 */
function countRows(
  text: string,
  start: number,
  end: number,
  check: RowTextCheck | undefined,
): { count: number; clean: boolean } {
  if (start === end) return { count: 0, clean: true };
  let count = 1;
  let clean = check === undefined || check(text, start);
  for (let at = text.indexOf(ROW_BOUNDARY, start); at !== -1 && at < end;) {
    count++;
    // The next row's `{` follows the boundary's `},`.
    if (clean && check !== undefined) clean = check(text, at + 2);
    at = text.indexOf(ROW_BOUNDARY, at + 9);
  }
  return { count, clean };
}
