// Two periods of daily values side by side: the change in the mean, and whether it exceeds the
// day-to-day variation. The test is Welch's t-test (unequal variances, Welch–Satterthwaite
// degrees of freedom), two-sided; the change "exceeds the variation" when p < 0.05. Hedges' g
// (the mean difference over the pooled standard deviation, corrected for small samples) is
// given beside it as the size of the change in units of that variation.
// The test runs on the means and deviations divided by a power of two near the larger
// deviation (the same doubles on ordinary data): no square or difference overflows for values
// near 1e308. A change or percentage past every double is null, with the reason.
import { finite, hasSpread, powerOfTwoNear } from '../lib/finite-math.ts';
import { mean, sd } from './stats.ts';
import { twoSidedP } from './student-t.ts';

export const SIGNIFICANCE = 0.05;

export interface PeriodValues {
  days: number;
  mean: number | null;
  /** Sample standard deviation of the daily values; null under two days. */
  sd: number | null;
}

export interface Comparison {
  current: PeriodValues;
  previous: PeriodValues;
  /** current − previous; null when either side has no day. */
  change: number | null;
  /** The change as a percentage of the previous mean; null when that mean is 0 or missing. */
  changePct: number | null;
  /** Welch's t, its degrees of freedom and two-sided p; null under two days a side, or no spread. */
  t: number | null;
  df: number | null;
  p: number | null;
  /** Hedges' g; null when it cannot be computed. */
  effect: number | null;
  /** Whether the change exceeds the day-to-day variation (p < 0.05). */
  exceeds: boolean;
  /** Why there is no test, when there is none. */
  reason: string | null;
}

function describe(values: readonly number[]): PeriodValues {
  // Rounding noise is no day-to-day variation (hasSpread): a test of it would "find" a change.
  const deviation = values.length >= 2 && !hasSpread(values) ? 0 : sd(values);
  return {
    days: values.length,
    mean: values.length === 0 ? null : mean(values),
    sd: Number.isNaN(deviation) ? null : deviation,
  };
}

/** current − previous as a double, or null when the difference is past every double. */
function changeOf(a: PeriodValues, b: PeriodValues): number | null {
  if (a.mean === null || b.mean === null) return null;
  const change = a.mean - b.mean;
  return Number.isFinite(change) ? change : null;
}

/** The change as a percentage of |previous|; null when that is 0 or it is past every double. */
function percentOf(change: number | null, previous: number | null): number | null {
  if (change === null || !previous) return null;
  let pct = (100 * change) / Math.abs(previous);
  if (!Number.isFinite(pct)) pct = (change / Math.abs(previous)) * 100;
  return Number.isFinite(pct) ? pct : null;
}

export function comparePeriods(
  current: readonly number[],
  previous: readonly number[],
): Comparison {
  const a = describe(current);
  const b = describe(previous);
  const change = changeOf(a, b);
  const base: Comparison = {
    current: a,
    previous: b,
    change,
    changePct: percentOf(change, b.mean),
    t: null,
    df: null,
    p: null,
    effect: null,
    exceeds: false,
    reason:
      a.mean !== null && b.mean !== null && change === null
        ? 'the change is past the largest double (1.8e308): not given'
        : null,
  };
  if (a.days < 2 || b.days < 2) {
    return { ...base, reason: 'fewer than 2 days in a period: no test' };
  }
  // Scaled by the larger deviation: every square below stays within the doubles.
  const s = powerOfTwoNear(Math.max(a.sd as number, b.sd as number));
  const va = ((a.sd as number) / s) ** 2;
  const vb = ((b.sd as number) / s) ** 2;
  const se2 = va / a.days + vb / b.days;
  if (se2 === 0) {
    return { ...base, reason: 'no day-to-day variation in either period: no test' };
  }
  // The difference of the halves never overflows, whatever the means.
  const scaledChange =
    change === null ? (((a.mean as number) / 2 - (b.mean as number) / 2) / s) * 2 : change / s;
  const t = finite(scaledChange / Math.sqrt(se2));
  const df = se2 ** 2 / ((va / a.days) ** 2 / (a.days - 1) + (vb / b.days) ** 2 / (b.days - 1));
  const p = twoSidedP(t, df);
  const pooled = Math.sqrt(((a.days - 1) * va + (b.days - 1) * vb) / (a.days + b.days - 2));
  const correction = 1 - 3 / (4 * (a.days + b.days) - 9);
  return {
    ...base,
    t,
    df,
    p,
    effect: pooled > 0 ? finite((scaledChange / pooled) * correction) : null,
    exceeds: p < SIGNIFICANCE,
  };
}
