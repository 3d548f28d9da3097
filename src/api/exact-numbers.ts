// Numbers exactly as the server sent them. JSON.parse turns 1e400 into Infinity and
// 12345678901234567890 into 12345678901234567000; written back out, the value changed. A
// cheap test on the raw text finds the rare page that has such numbers; only that page is
// parsed the slow way, keeping each such number's text in a RawNumber.

/** A number JavaScript cannot hold exactly; its text is what the server sent. */
export class RawNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  /**
   * The double nearest to it, as JSON.parse reads it: a fine measurement for statistics
   * (9007199254740993 is 9007199254740992 within a part in 10^16), unless it is ±Infinity
   * (1e400: past every double) — a value no double holds.
   */
  toDouble(): number {
    return Number(this.text);
  }
  /** JSON output restores the bare number with restoreRawNumbers(). */
  toJSON(): string {
    return `${MARK}${this.text}${MARK}`;
  }
}

const MARK = '\u0000#';
const MARKED = /"\\u0000#([-+.0-9eE]+)\\u0000#"/g;

/** Sixteen or more digits in a row, or an exponent of three digits: maybe not exact. */
const SUSPECT = /\d{16}|[eE][-+]?\d{3}/;

export function mayHaveInexactNumbers(text: string): boolean {
  return SUSPECT.test(text);
}

/** Would JSON.parse change this number token? */
export function isInexact(token: string): boolean {
  const value = Number(token);
  if (!Number.isFinite(value)) return true;
  if (value === 0) return /[1-9]/.test(token.replace(/[eE].*$/, ''));
  if (/^-?\d+$/.test(token)) return !Number.isSafeInteger(value) && BigInt(token) !== BigInt(value);
  // Decimals: changed if the shortest text for the double does not denote the same decimal.
  return !sameDecimal(token, spelling(value));
}

/**
 * String(value) for a finite number, without V8's number-to-string cache. String(), template
 * literals and Number#toString store each double and its text in that cache, which keeps both
 * alive past the next scavenges: checking the full-precision doubles of a large realistic
 * export that way promoted such pairs to the old generation, the largest part of what it
 * collected there (sampling heap profiler, objects that survived a scavenge), and peak RSS grew
 * with the rows (`npm run bench -- --only memory`). JSON.stringify writes a number with the
 * same algorithm (ECMA-262 Number::toString) into a string of its own, and faster here. Not for
 * NaN or ±Infinity, which it writes as null.
 */
export function spelling(value: number): string {
  return JSON.stringify(value);
}

/**
 * A JSON number token against JSON.stringify: 'canonical' when String() of its value gives it
 * back (JSON.parse then JSON.stringify writes the same text), 'raw' when JSON.parse would
 * change it (kept as sent, a RawNumber once parsed), 'other' when it is exact but spelled
 * otherwise (1.50, 1E5, -0: JSON.stringify would write it differently).
 */
export function numberSpelling(token: string): 'canonical' | 'raw' | 'other' {
  const value = Number(token);
  // Infinity (1e400) is spelled null: never a token, so it goes on to isInexact, as it should.
  if (spelling(value) === token) {
    // The same text, and exact, unless an integer past 2^53 that its double only rounds to
    // (36648678677153290 is printed so, but the double is ...288).
    if (Number.isSafeInteger(value) || !INTEGER.test(token)) return 'canonical';
    return BigInt(token) === BigInt(value) ? 'canonical' : 'raw';
  }
  return isInexact(token) ? 'raw' : 'other';
}

const INTEGER = /^-?\d+$/;

/** JSON.parse, except that numbers it would change become RawNumbers. */
export function parseExact(text: string): unknown {
  let out = '';
  let last = 0;
  let found = false;
  const NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;
  for (let m = NUMBER.exec(text); m !== null; m = NUMBER.exec(text)) {
    const token = m[0];
    if (token.startsWith('"') || !isInexact(token)) continue;
    out += `${text.slice(last, m.index)}"\\u0000#${token}"`;
    last = m.index + token.length;
    found = true;
  }
  if (!found) return JSON.parse(text) as unknown;
  return revive(JSON.parse(out + text.slice(last)) as unknown);
}

function revive(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.startsWith(MARK) ? new RawNumber(value.slice(MARK.length)) : value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = revive(record[key]);
  }
  return value;
}

/** Puts RawNumbers back as bare numbers in JSON text made by JSON.stringify. */
export function restoreRawNumbers(json: string): string {
  return json.includes('\\u0000#') ? json.replace(MARKED, '$1') : json;
}

function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string): string => {
    const [mant = '', exp = '0'] = s.toLowerCase().split('e');
    const negative = mant.startsWith('-');
    const [int = '', frac = ''] = mant.replace('-', '').split('.');
    const digits = (int + frac).replace(/^0+/, '');
    const lead = (int + frac).length - (int + frac).replace(/^0+/, '').length;
    const point = int.length - lead + Number(exp);
    const trimmed = digits.replace(/0+$/, '');
    return `${negative ? '-' : ''}${trimmed}e${trimmed === '' ? 0 : point}`;
  };
  return norm(a) === norm(b);
}
