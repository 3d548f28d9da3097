// Arithmetic over daily values that stays finite for any finite double. A server may send
// 1e308: the sum of two overflows, (a + b) / 2 overflows, (x − mean)² overflows past 1e154.
// The rule used everywhere: work on the values divided by a power of two near the largest of
// them (`scaleOf`), where every value lies in (−2, 2), and multiply back at the end. A power of
// two divides exactly, and IEEE rounding does not change under it, so on ordinary data the
// results are the same doubles as the plain formulas give, bit for bit; only where a plain
// step would overflow does the answer differ, and then it is finite and right. A mean is also
// kept within its values' range, which rounding alone could leave: a constant's mean is it.

/** The largest |x|, 0 for none. */
function maxMagnitude(xs: readonly number[]): number {
  let m = 0;
  for (const x of xs) {
    const a = Math.abs(x);
    if (a > m) m = a;
  }
  return m;
}

/**
 * Differences below this share of the values' largest magnitude are rounding noise (0.1 + 0.2
 * is 0.3 and one ulp), not a change in what was measured: a statistic of them (a correlation
 * of 0.7, a z of 40) would be a finding about floating point.
 */
export const ROUNDING_NOISE = 1e-12;

/** Whether `xs` differ by more than rounding noise (two values at least). */
export function hasSpread(xs: readonly number[]): boolean {
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const size = Math.max(Math.abs(min), Math.abs(max));
  // Divided first: max − min itself may pass every double (−1e308 and 1e308).
  return xs.length >= 2 && size > 0 && max / size - min / size > ROUNDING_NOISE;
}

/**
 * 2^k with k = ⌊log2 m⌋ (1 for 0): m / 2^k lies in [1, 2), give or take log2's rounding. k is
 * kept within the doubles' range, so 2^k is never Infinity (m = MAX_VALUE has log2 1024).
 */
export function powerOfTwoNear(m: number): number {
  if (!(m > 0) || !Number.isFinite(m)) return 1;
  return 2 ** Math.max(-1074, Math.min(1023, Math.floor(Math.log2(m))));
}

/** The scale of `xs`: each x / scaleOf(xs) lies in (−2, 2). */
export function scaleOf(xs: readonly number[]): number {
  return powerOfTwoNear(maxMagnitude(xs));
}

/**
 * Σ term(xᵢ) with Neumaier's compensation, for the scaled path only (the plain one keeps the
 * plain sum's doubles): 60 values near 1.25e308 average to 1.25e308, not a few units off.
 */
function compensatedSum(xs: readonly number[], term: (x: number, i: number) => number): number {
  let sum = 0;
  let lost = 0;
  for (let i = 0; i < xs.length; i++) {
    const t = term(xs[i] as number, i);
    const next = sum + t;
    lost += Math.abs(sum) >= Math.abs(t) ? sum - next + t : t - next + sum;
    sum = next;
  }
  return sum + lost;
}

/** `x` kept within [lo, hi] (a mean can never leave its values' range but by rounding). */
function within(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * The mean; NaN for none. The plain sum when it is finite, else the scaled one; either way
 * kept within the values' range, which rounding alone can leave (sixty copies of c summed
 * and divided need not give c back, and a constant series must have no deviation at all).
 */
export function meanOf(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let sum = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    sum += x;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (Number.isFinite(sum)) return within(sum / xs.length, lo, hi);
  const s = scaleOf(xs);
  return within((compensatedSum(xs, (x) => x / s) / xs.length) * s, lo, hi);
}

/** Σ xᵢwᵢ / Σ wᵢ (weights: counts, > 0), within the values' range, as meanOf. */
export function weightedMeanOf(xs: readonly number[], ws: readonly number[]): number {
  let sum = 0;
  let weight = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number;
    sum += x * (ws[i] as number);
    weight += ws[i] as number;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (Number.isFinite(sum)) return within(sum / weight, lo, hi);
  const s = scaleOf(xs);
  const scaled = compensatedSum(xs, (x, i) => (x / s) * (ws[i] as number));
  return within((scaled / weight) * s, lo, hi);
}

/**
 * A running sum of values that arrive one at a time (a day's rows) is kept plain while it is
 * finite, and from the value that overflowed it on divided by SUM_SCALE, which no count of
 * doubles under 2^64 overflows (src/daily/day-table.ts).
 */
export const SUM_SCALE = 2 ** 64;

/** The mean of `count` values from such a sum, scaled or not; within [lo, hi], their range. */
export function meanOfSum(
  sum: number,
  scaled: boolean,
  count: number,
  lo: number,
  hi: number,
): number {
  return within(scaled ? (sum / count) * SUM_SCALE : sum / count, lo, hi);
}

/** The value halfway between a and b: (a + b) / 2, or a / 2 + b / 2 where a + b overflows. */
export function midpoint(a: number, b: number): number {
  const sum = a + b;
  return Number.isFinite(sum) ? sum / 2 : a / 2 + b / 2;
}

/**
 * The sample standard deviation (n − 1); NaN for fewer than two values. Its square, the
 * variance, is not returned: for values near 1e308 it is no double.
 */
export function sdOf(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const s = scaleOf(xs);
  const scaled = xs.map((x) => x / s);
  const m = meanOf(scaled);
  let sum = 0;
  for (const x of scaled) sum += (x - m) ** 2;
  return finite(Math.sqrt(sum / (xs.length - 1)) * s);
}

/** x, or the largest double of its sign when it is ±Infinity (a quantity past every double). */
export function finite(x: number): number {
  if (x === Infinity) return Number.MAX_VALUE;
  if (x === -Infinity) return -Number.MAX_VALUE;
  return x;
}

/**
 * x rounded to `digits` decimals. A double of 2^52 or more has no fraction to round, and
 * x × 10^digits could overflow: it is returned as it is.
 */
export function roundTo(x: number, digits: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 52) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
