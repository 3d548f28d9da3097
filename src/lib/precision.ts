// How a number this program computed is rounded, once, for every surface (`daily`, `summary`,
// the insight records, `report`, the MCP tools): src/daily/shown.ts decides which numbers are
// computed, the insight records (src/insight/records/) round their statistics here, and
// nothing rounds them again. A statistic's last digits are noise of the arithmetic (a mean of
// 55.714285714285715, a change of -3738.3999999999996), not data. Values the API sent (a
// `single` or `total` day, `metrics`, sync) are never rounded.
import { roundTo } from './finite-math.ts';

/** Decimals of a score: robust z, Pearson's r, Spearman's rho, Hedges' g. */
export const SCORE_DECIMALS = 3;
/** Decimals of an amount in the data's unit (a mean, a change, a median, a %) at 1 or more. */
export const AMOUNT_DECIMALS = 2;
/** Significant digits of an amount under 1 (a p of 0.000123, a mean of 0.0042 kg). */
export const SMALL_DIGITS = 3;
/**
 * Past this many decimals an amount is kept as it is: 10^digits would leave the doubles, and a
 * value of 1e-300 is data, not noise to round to 0.
 */
const MAX_DECIMALS = 15;

/** A score (z, r, rho, g) to SCORE_DECIMALS decimals. */
export function score(x: number): number;
export function score(x: number | null): number | null;
export function score(x: number | null): number | null {
  return x === null ? null : unsigned0(roundTo(x, SCORE_DECIMALS));
}

/**
 * An amount (mean, change, median, min, max, %, p): AMOUNT_DECIMALS decimals at 1 or more,
 * SMALL_DIGITS significant digits under 1; a value too large to have a fraction stays as it is
 * (roundTo).
 */
export function amount(x: number): number;
export function amount(x: number | null): number | null;
export function amount(x: number | null): number | null {
  if (x === null || x === 0 || !Number.isFinite(x)) return x;
  const size = Math.abs(x);
  if (size >= 1) return roundTo(x, AMOUNT_DECIMALS);
  const decimals = SMALL_DIGITS - 1 - Math.floor(Math.log10(size));
  return decimals > MAX_DECIMALS ? x : unsigned0(roundTo(x, decimals));
}

/** -0.0004 rounds to -0, which JSON writes as 0: 0 on every surface, in-process ones too. */
function unsigned0(x: number): number {
  return x === 0 ? 0 : x;
}
