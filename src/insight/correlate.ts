// Whether two daily series move together. Days pair up by date, with a lag: lag k pairs the
// first series on day d with the second on day d + k (does tonight's sleep predict tomorrow's
// HRV? lag 1). Only days both have count; gaps are never filled. Pearson's r measures a linear
// relation, Spearman's rho a monotonic one (robust to outliers). Under MIN_PAIRS pairs, r is
// reported but flagged: it means little.
import { pearson, spearman } from './stats.ts';
import { addDays, byDate, type DailyPoint } from './series.ts';

export const MIN_PAIRS = 14;

export interface LagCorrelation {
  lag: number;
  /** Days paired. */
  n: number;
  pearson: number | null;
  spearman: number | null;
  /** n < MIN_PAIRS: too few days for r to mean anything. */
  tooFew: boolean;
}

export interface Correlation {
  lags: LagCorrelation[];
  /** The lag with the strongest |Pearson r| among those with enough pairs (else among all). */
  best: LagCorrelation | null;
}

/** The value pairs of `a` on day d and `b` on day d + lag, in date order of `a`. */
export function pairUp(
  a: readonly DailyPoint[],
  b: readonly DailyPoint[],
  lag: number,
): { x: number[]; y: number[] } {
  const other = byDate(b);
  const x: number[] = [];
  const y: number[] = [];
  for (const p of a) {
    const q = other.get(addDays(p.date, lag));
    if (q === undefined) continue;
    x.push(p.value);
    y.push(q);
  }
  return { x, y };
}

export function correlateAt(
  a: readonly DailyPoint[],
  b: readonly DailyPoint[],
  lag: number,
): LagCorrelation {
  const { x, y } = pairUp(a, b, lag);
  return {
    lag,
    n: x.length,
    pearson: pearson(x, y),
    spearman: spearman(x, y),
    tooFew: x.length < MIN_PAIRS,
  };
}

/** Correlations at each lag from `minLag` to `maxLag`, and the strongest. */
export function correlate(
  a: readonly DailyPoint[],
  b: readonly DailyPoint[],
  minLag: number,
  maxLag: number,
): Correlation {
  const lags: LagCorrelation[] = [];
  for (let lag = minLag; lag <= maxLag; lag++) lags.push(correlateAt(a, b, lag));
  const scored = lags.filter((l) => l.pearson !== null);
  const pool = scored.some((l) => !l.tooFew) ? scored.filter((l) => !l.tooFew) : scored;
  let best: LagCorrelation | null = null;
  for (const l of pool) {
    if (best === null || Math.abs(l.pearson as number) > Math.abs(best.pearson as number)) best = l;
  }
  return { lags, best };
}
