// The raw text a page of rows was parsed from, and a proof that re-serialising those rows would
// give back that very text. JSON output can then write the server's text instead of calling
// JSON.stringify on every row, which cost ~120 ms per 300k rows (profiled).
//
// The proof is one anchored regex over the page text. It accepts a `data` array only when every
// row is in exactly the form JSON.stringify writes for the parsed row:
// - the spec's seven fields, in the spec's order, each once, no whitespace anywhere;
// - strings with only the escapes JSON.stringify writes (\" \\ \b \f \n \r \t, and \u00xx in
//   lower case for the other control characters), surrogates only in pairs;
// - numbers in JavaScript's own spelling: an optional '-', an integer part without leading
//   zeros, and an optional fraction that does not end in 0; at most 15 digits; not '-0'.
//   A decimal of at most 15 significant digits is the shortest text of the double nearest to
//   it (doubles are ~10^-16 apart relatively; such decimals at least 10^-15), and JavaScript
//   prints every value from 1e-6 to 1e21 without an exponent, so String() gives it back. Fractions with six leading zeros (1e-7 and below) are left out.
// Anything else (other servers' spacing, key order, exponents, escapes) falls back to
// JSON.stringify. test/unit/page-text.test.ts checks the proof against JSON.stringify over
// random rows written in random, often non-canonical, spellings.

const texts = new WeakMap<readonly unknown[], string>();

/** Notes the text `data` was parsed from (as `{"data":[...],...}`); used by canonicalRowsText. */
export function rememberPageText(data: readonly unknown[], text: string): void {
  texts.set(data, text);
}

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
  String.raw`\{"date":${STRING},"provider":${STRING},"metric":${STRING},` +
  String.raw`"numValue":(?:null|${NUMBER}),"textValue":(?:null|${STRING}),` +
  String.raw`"unit":(?:null|${STRING}),"stream":(?:true|false)\}`;
const OPEN = '{"data":[';
const PAGE = new RegExp(String.raw`^\{"data":\[(?:${ROW}(?:,${ROW})*)?\]`);
/** Pages are at most 1000 rows (~150 KB); past this, do not risk the regex's backtrack stack. */
const MAX_TEXT = 8 * 1024 * 1024;

/**
 * JSON.stringify(rows) without its outer brackets, taken from the text `rows` were parsed from
 * when that text is provably identical; otherwise undefined.
 */
export function canonicalRowsText(rows: readonly unknown[]): string | undefined {
  const text = texts.get(rows);
  if (text === undefined || text.length > MAX_TEXT || !text.startsWith(OPEN)) return undefined;
  let match: RegExpExecArray | null;
  try {
    match = PAGE.exec(text);
  } catch {
    return undefined;
  }
  if (match === null) return undefined;
  return text.slice(OPEN.length, match[0].length - 1);
}
