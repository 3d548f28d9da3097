// A proof, from a page's raw body alone, that its rows are exactly what JSON.stringify writes for
// the parsed rows, and that they have the spec's types. Such a page needs no JSON.parse for its
// rows (the largest cost of an export, profiled; `npm run bench -- --only throughput`): JSON output
// writes the server's bytes, csv/tsv copy the cells out of them (csv-bytes.ts), and the rows are
// parsed only if something asks for them (lazy-page.ts).
//
// Proven rows are kept as the body's bytes: the page's text lives only while the proof runs. A
// page's text on the JS heap, held until the page was written, was alive at nearly every scavenge,
// so V8 kept growing its young generation: peak RSS rose with the rows (--trace-gc-nvp;
// `npm run bench -- --only memory`). The bytes live off the heap. (A proof over the bytes, with no
// text at all, was tried: JS loops ran slower than this regex, and with so little allocated on the
// heap, V8 scavenged so rarely that dead response buffers piled up off it.)
//
// The proof is one anchored regex over the page's bytes read as latin1 (one character per byte: no
// UTF-8 decoding, which is much slower (decode.ts), and the regex's fastest mode). In UTF-8 every
// byte of a non-ASCII character is 0x80 or above, so the structure (quotes, backslashes, commas)
// reads the same; the bytes are checked to be valid UTF-8 first, which also rules out surrogates.
// It accepts a `data` array only when every row is in exactly the form JSON.stringify writes for
// the parsed row:
// - the spec's seven fields, in the spec's order, each once, no whitespace anywhere;
// - the spec's types: date a "YYYY-MM-DD" string, provider and metric strings, numValue a
//   number or null, textValue and unit a string or null, stream true or false (what
//   row-guard.ts checks on parsed rows);
// - strings with only the escapes JSON.stringify writes (\" \\ \b \f \n \r \t, and \u00xx in
//   lower case for the other control characters);
// - numbers in JSON's grammar. Most are short: an optional '-', an integer part without leading
//   zeros, and an optional fraction that does not end in 0; at most 15 digits; not '-0'.
//   A decimal of at most 15 significant digits is the shortest text of the double nearest to
//   it (doubles are ~10^-16 apart relatively; such decimals at least 10^-15), and JavaScript
//   prints every value from 1e-6 to 1e21 without an exponent, so String() gives it back.
//   Every other number (a full-precision double, an exponent, 1e400) is decided on its own
//   after the match (exact-numbers.ts, numberSpelling): kept as it is when String() gives it
//   back or when JSON.parse would change it (then the rows are parsed with parseExact, if ever);
//   a number that is exact but spelled otherwise (1.50, 1E5) sends the page the general way.
//   So a page with one unusual number costs one slow number, not a slow page.
// Anything else (other servers' spacing, key order, escapes) takes the general path: JSON.parse,
// the row guard, JSON.stringify.
// While the rows are counted, each is also given to the row guard's text check (dates and
// names, row-guard-text.ts), so a page whose rows all pass is never parsed either.
// test/unit/canonical-proof.test.ts checks the proof against JSON.stringify over random rows written
// in random, often non-canonical, spellings, and over bodies with random bytes changed.
import { isAscii, isUtf8 } from 'node:buffer';
import { numberSpelling } from '../exact-numbers.ts';
import { text as decodeText } from '../transport/decode.ts';

// A string as Friedl's "unrolled loop": runs of plain characters between the allowed escapes.
// Every branch starts with a different character, so nothing backtracks, and the plain runs
// are the regex engine's fastest loop (faster than one alternation per character, measured).
// A non-ASCII byte is a plain character (the bytes are valid UTF-8).
const PLAIN_RUN = String.raw`[^"\\\u0000-\u001f]*`;
const SPECIAL = String.raw`(?:\\["\\bfnrt]|\\u00(?:0[0-7bef]|1[0-9a-f]))`;
const STRING = `"${PLAIN_RUN}(?:${SPECIAL}${PLAIN_RUN})*"`;
const INTEGER = String.raw`0|-?[1-9][0-9]{0,14}`;
const DECIMAL = String.raw`(?=-?[0-9.]{3,16}[,}])-?(?:0|[1-9][0-9]*)\.(?!0{6})[0-9]*[1-9]`;
const SHORT = `(?:${DECIMAL}|${INTEGER})(?=[,}])`;
/** Any other JSON number: decided one by one after the match (see OTHER_NUMBER). */
const LONG = String.raw`-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?(?=[,}])`;
const NUMBER = `(?:${SHORT}|${LONG})`;
const ROW =
  String.raw`\{"date":"[0-9]{4}-[0-9]{2}-[0-9]{2}","provider":${STRING},"metric":${STRING},` +
  String.raw`"numValue":(?:null|${NUMBER}),"textValue":(?:null|${STRING}),` +
  String.raw`"unit":(?:null|${STRING}),"stream":(?:true|false)\}`;
const OPEN = '{"data":[';
// The page is proven in pieces cut between rows (see provePage): the first piece starts with
// OPEN, every other with `{"date":` (so OPEN, optional below, matches only in the first); a
// piece before the last holds whole rows only, the last ends with the `]`. The pieces of a page
// match so exactly when the page matches `^{"data":[(ROW(,ROW)*)?]`.
const HEAD = String.raw`^(?:\{"data":\[)?`;
const PIECE = new RegExp(`${HEAD}${ROW}(?:,${ROW})*$`);
const LAST_PIECE = new RegExp(String.raw`${HEAD}(?:${ROW}(?:,${ROW})*)?\]`);
/**
 * Where a piece may end: V8 puts a string over 128 KiB in its large-object space, and making one
 * costs far more than making one below (Node 20; profiled), while a full page of 1000 rows is
 * larger than that: so the text is read in pieces of about this size.
 */
const PIECE_BYTES = 96 * 1024;
const BOUNDARY_BYTES = Buffer.from('},{"date":');
const FORGET = /^/;
/**
 * A numValue that is not short, found by its key: in proven text `,"` never occurs inside a
 * string (a quote there is always escaped), so this is the key of some row.
 */
const OTHER_NUMBER = new RegExp(String.raw`,"numValue":(?!null|${SHORT})`, 'g');
const NUMBER_AT = ',"numValue":'.length;
/** Far above a page of 1000 rows; past this, do not risk the regex's backtrack stack. */
const MAX_TEXT = 8 * 1024 * 1024;

/** A page's rows as JSON.stringify writes them, without the brackets: `{...},{...}`. */
export interface CanonicalRows {
  /** The rows' UTF-8 bytes, a view into the response body. */
  readonly bytes: Buffer;
  /** How many rows `bytes` holds. */
  readonly count: number;
  /**
   * Some number is one JSON.parse would change (1e400, 9007199254740993): it is kept as sent,
   * and the rows, if ever parsed, are parsed with parseExact. JSON.stringify of those rows
   * writes it back only through restoreRawNumbers, so "canonical" means: with that restore.
   */
  readonly rawNumbers: boolean;
}

/** What follows the rows after their `]`, for instance `,"next_cursor":null,"meta":{…}}`. */
export interface ProvenPage {
  rows: CanonicalRows;
  tail: string;
  /** False when the row check refused a row: the page must go through the row guard. */
  clean: boolean;
}

/** Whether the proven row whose `{` is at `at` in the page's bytes may be kept as it is. */
export type RowTextCheck = (bytes: Buffer, at: number) => boolean;

/**
 * Splits a page's body into proven canonical rows and the text after them; undefined when
 * unproven. A string is taken as its UTF-8 bytes. `check` is asked about every row.
 */
export function provePage(body: Buffer | string, check?: RowTextCheck): ProvenPage | undefined {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  // A string holding a lone surrogate, which UTF-8 cannot carry, is not proven.
  if (bytes.length > MAX_TEXT) return undefined;
  if (typeof body === 'string' && LONE_SURROGATE.test(body)) return undefined;
  // Invalid UTF-8 decodes to U+FFFD: the text would say something the bytes do not.
  if (!isAscii(bytes) && !isUtf8(bytes)) return undefined;
  if (bytes.toString('latin1', 0, OPEN.length) !== OPEN) return undefined;
  let count = 0;
  let clean = true;
  let rawNumbers = false;
  for (let from = 0; ;) {
    // Cut after a row's `}`; the next piece starts at the next row's `{`. A cut in the wrong
    // place (inside a string) makes some piece fail its regex: the page is then not proven.
    const cut =
      bytes.length - from > PIECE_BYTES ? bytes.indexOf(BOUNDARY_BYTES, from + PIECE_BYTES) : -1;
    const last = cut === -1;
    // One character per byte: offsets in the text are offsets in the bytes.
    const text = bytes.toString('latin1', from, last ? bytes.length : cut + 1);
    const end = proveText(text, last ? LAST_PIECE : PIECE);
    if (end === undefined) return undefined;
    const rowsEnd = last ? end - 1 : end;
    const numbers = otherNumbers(text, rowsEnd);
    if (numbers === 'other') return undefined;
    rawNumbers ||= numbers === 'raw';
    const start = from === 0 ? OPEN.length : 0;
    const rows = countRows(text, start, rowsEnd, clean ? check : undefined, bytes, from);
    count += rows.count;
    clean &&= rows.clean;
    if (last) {
      const rowBytes = bytes.subarray(OPEN.length, from + rowsEnd);
      const tail = decodeText(bytes.subarray(from + end));
      return { rows: { bytes: rowBytes, count, rawNumbers }, tail, clean };
    }
    from = cut + 2;
  }
}

/** The length of the regex's match at the start of `text`, or undefined. */
function proveText(text: string, regex: RegExp): number | undefined {
  try {
    return regex.exec(text)?.[0].length;
  } catch {
    // Past the regex's backtrack stack: not proven.
    return undefined;
  } finally {
    // V8 keeps the subject of the last match (for RegExp.lastMatch) until the next match: that
    // would keep this page's text alive, the very thing the bytes are here to avoid.
    FORGET.exec('');
  }
}

/**
 * The numbers of text[0, end) the regex did not prove short, one by one: 'other' as soon as one
 * is exact but not in JavaScript's spelling, else 'raw' if one is a number JSON.parse would
 * change, else 'canonical'.
 */
function otherNumbers(text: string, end: number): 'canonical' | 'raw' | 'other' {
  let found: 'canonical' | 'raw' | 'other' = 'canonical';
  OTHER_NUMBER.lastIndex = 0;
  for (let m = OTHER_NUMBER.exec(text); m !== null && m.index < end; m = OTHER_NUMBER.exec(text)) {
    const from = m.index + NUMBER_AT;
    // A proven number is always followed by `,"textValue":`.
    const spelling = numberSpelling(text.slice(from, text.indexOf(',', from)));
    if (spelling !== 'canonical') found = spelling;
    if (found === 'other') break;
  }
  FORGET.exec(''); // as in proveText
  return found;
}

/** The rows as text (`{...},{...}`), for the few readers that need a string. */
export function rowsText(rows: CanonicalRows): string {
  return decodeText(rows.bytes);
}

/**
 * Bytes of UTF-8 per piece of rowsPieces: its string holds at most two bytes per byte of UTF-8,
 * so a piece (plus the rest of its last row) stays under V8's 128 KiB large-object threshold.
 */
const READ_PIECE_BYTES = 48 * 1024;

/**
 * The rows as text in pieces of whole rows (`{...},{...}`), cut where provePage cuts. Parsing a
 * page's rows as one string spent most of its time making that string (a large object, as in
 * the proof; query_metrics profiled for issue 22; `npm run bench -- --only mcp`).
 */
export function* rowsPieces(rows: CanonicalRows): Generator<string, void, undefined> {
  const bytes = rows.bytes;
  for (let from = 0; from < bytes.length;) {
    const cut =
      bytes.length - from > READ_PIECE_BYTES
        ? bytes.indexOf(BOUNDARY_BYTES, from + READ_PIECE_BYTES)
        : -1;
    yield decodeText(bytes.subarray(from, cut === -1 ? bytes.length : cut + 1));
    if (cut === -1) return;
    from = cut + 2;
  }
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
  bytes: Buffer,
  /** Where `text` starts in `bytes`. */
  from: number,
): { count: number; clean: boolean } {
  if (start === end) return { count: 0, clean: true };
  let count = 1;
  let clean = check === undefined || check(bytes, from + start);
  for (let at = text.indexOf(ROW_BOUNDARY, start); at !== -1 && at < end;) {
    count++;
    // The next row's `{` follows the boundary's `},`.
    if (clean && check !== undefined) clean = check(bytes, from + at + 2);
    at = text.indexOf(ROW_BOUNDARY, at + 9);
  }
  return { count, clean };
}
