// Descriptive statistics over plain arrays of numbers. Empty input gives NaN where a value is
// undefined, so callers decide what "not enough data" means; none of these divides by zero
// silently: a zero spread comes back as 0 for the caller to test. Any finite doubles give a
// finite answer: sums, midpoints and deviations go through src/lib/finite-math.ts (values
// scaled by a power of two, the same doubles as the plain formulas on ordinary data).
import { hasSpread, meanOf, midpoint, scaleOf, sdOf } from '../lib/finite-math.ts';

export { scaleOf };

export const mean = meanOf;

/** The median; the mean of the two middle values for an even count. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : midpoint(sorted[mid - 1] as number, sorted[mid] as number);
}

/** Sample standard deviation (n − 1 in the denominator); NaN for fewer than two values. */
export const sd = sdOf;

/**
 * Median absolute deviation from the median (unscaled). |x − centre| may pass every double
 * for values of both signs near 1e308: callers that divide by it (robustZ) use values scaled
 * by scaleOf first.
 */
export function mad(xs: readonly number[], centre = median(xs)): number {
  return median(xs.map((x) => Math.abs(x - centre)));
}

/** Mean absolute deviation from a centre (the median, for the MAD = 0 fallback). */
export function meanAbsoluteDeviation(xs: readonly number[], centre: number): number {
  return mean(xs.map((x) => Math.abs(x - centre)));
}

/** Ranks from 1, ties sharing the mean of their ranks (as Spearman's rho needs). */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out = new Array<number>(xs.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.x === order[start]?.x) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) out[(order[k] as { i: number }).i] = rank;
    start = end + 1;
  }
  return out;
}

/**
 * Pearson's r; null when either side has no spread (none past rounding noise: hasSpread) or
 * there are fewer than two pairs.
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n || !hasSpread(xs) || !hasSpread(ys)) return null;
  // r does not change when either side is scaled: scaled, no product or square overflows.
  const sx = scaleOf(xs);
  const sy = scaleOf(ys);
  return pearsonOf(
    xs.map((x) => x / sx),
    ys.map((y) => y / sy),
  );
}

function pearsonOf(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  // Rounding can push |r| a hair past 1 for perfectly linear data.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/**
 * Spearman's rho: Pearson's r of the ranks, ties averaged; null where Pearson's r of the values
 * is (values one ulp apart have ranks as far apart as any).
 */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (!hasSpread(xs) || !hasSpread(ys)) return null;
  return pearson(ranks(xs), ranks(ys));
}
