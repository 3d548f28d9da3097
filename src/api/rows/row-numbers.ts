// Numbers read off a proven row's bytes (row-layout.ts), with no string made for the common
// ones. With no exponent and digits that make an integer under 2^53, that integer and 10^k
// (k <= 22) are exact doubles, so one division is the correctly rounded double, as Number()
// and JSON.parse give it (Clinger's fast path); anything else goes through Number() on the
// token. Any token of up to 15 digits is exact (the double's decimal is the token's). Of 16
// digits, only some are: where the page proof found every number spelled as its own double
// (canonicalNumberAt), the bound is the integer's, 2^53, not the count of digits, so most
// 16-digit values (a computed double, as a real API sends it) are read with no string made.
import { isInexact, RawNumber, spelling } from '../exact-numbers.ts';

const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
/** Integers below this are exact doubles, and so is every step of building one digit by digit. */
const EXACT_BELOW = 2 ** 53;
/** Every decimal of up to 15 significant digits is the decimal of its nearest double. */
const EXACT_15_DIGITS = 10 ** 15;
/** 10^0 … 10^22: every one exact in a double. */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const INTEGER = /^-?\d+$/;

/**
 * The number for rows whose every number the page proof found canonical (CanonicalRows with
 * no rawNumbers): each token is how JSON.stringify spells its own double, so Number() of it is
 * exact and the round-trip check exactNumberAt makes (a JSON.stringify per 17-digit number, the
 * most of a realistic page's) was made once already, by the proof.
 */
export function canonicalNumberAt(src: Uint8Array, start: number, end: number): number {
  return fastNumber(src, start, end, EXACT_BELOW) ?? Number(tokenAt(src, start, end));
}

/**
 * The number src[start, end) as parseExact reads it (exact-numbers.ts): the double JSON.parse
 * gives, or a RawNumber of the token when JSON.parse would change it.
 */
export function exactNumberAt(src: Uint8Array, start: number, end: number): number | RawNumber {
  const fast = fastNumber(src, start, end, EXACT_15_DIGITS);
  if (fast !== undefined) return fast;
  const token = tokenAt(src, start, end);
  const value = Number(token);
  // Spelt as JavaScript spells the double (a full-precision 17-digit value): exact, unless an
  // integer past 2^53 that its double only prints as (as in numberSpelling).
  if (spelling(value) === token && (Number.isSafeInteger(value) || !INTEGER.test(token))) {
    return value;
  }
  return isInexact(token) ? new RawNumber(token) : value;
}

/**
 * The fast path's double, or undefined when the token needs Number(): a mantissa (its digits
 * as an integer) of `below` or more is refused.
 */
function fastNumber(
  src: Uint8Array,
  start: number,
  end: number,
  below: number,
): number | undefined {
  let i = start;
  const negative = src[i] === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let scale = -1;
  for (; i < end; i++) {
    const c = src[i] as number;
    const d = c - ZERO;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d;
      digits++;
    } else if (c === POINT && scale === -1) {
      scale = digits;
    } else {
      return undefined;
    }
  }
  const fraction = scale === -1 ? 0 : digits - scale;
  // Steps past 2^53 may round, but never back below it (rounding is monotonic): a mantissa
  // that reached it is refused here, whatever its rounded value.
  if (digits === 0 || mantissa >= below || fraction > 22) return undefined;
  const value = fraction === 0 ? mantissa : mantissa / (POW10[fraction] as number);
  return negative ? -value : value;
}

function tokenAt(src: Uint8Array, start: number, end: number): string {
  return Buffer.from(src.buffer, src.byteOffset + start, end - start).toString('latin1');
}
