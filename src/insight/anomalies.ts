// Days far from the person's own baseline. The baseline of a day is the median and the MAD of
// the daily values in the `window` calendar days before it (the day itself excluded), used
// only when at least `minDays` of those days have data. The robust z of Iglewicz and Hoaglin:
//   z = 0.6745 × (value − median) / MAD,  flagged when |z| ≥ threshold (3.5 by default).
// A MAD of 0 (over half the baseline days share one value) is never divided by: the mean
// absolute deviation from the median takes its place, z = (value − median) / (1.2533 × MeanAD)
// (the same scale for normal data); when that is 0 too, the baseline is flat and the day
// gets no z and is never flagged.
// z is computed over the values divided by the baseline's scale (a power of two: the same
// doubles on ordinary data), so deviations of values near 1e308 never overflow; a z past every
// double (a value 1e300 over a baseline of 1e-300s) is the largest double of its sign.
import { finite, hasSpread } from '../lib/finite-math.ts';
import { mad, meanAbsoluteDeviation, median, scaleOf } from './stats.ts';
import { addDays, type DailyPoint } from './series.ts';

export interface BaselineRule {
  /** Calendar days before the day that form its baseline. */
  window: number;
  /** Days of those with data, at the least, for a baseline to count. */
  minDays: number;
  /** |z| at or above which a day is flagged. */
  threshold: number;
}

export const DEFAULT_RULE: BaselineRule = { window: 28, minDays: 14, threshold: 3.5 };

export interface Baseline {
  median: number;
  mad: number;
  /** Days with data in the window. */
  days: number;
}

export interface ScoredDay extends DailyPoint {
  baseline: Baseline;
  /** Null when the baseline is flat (MAD and mean absolute deviation both 0). */
  z: number | null;
}

export interface Anomaly extends ScoredDay {
  z: number;
  direction: 'high' | 'low';
}

const MAD_SCALE = 0.6745;
const MEAN_AD_SCALE = 1.253314;

/** The robust z of `value` against `values`; null for a flat baseline (no spread past noise). */
export function robustZ(value: number, values: readonly number[]): number | null {
  if (!hasSpread(values)) return null;
  const s = scaleOf(values);
  const scaled = values.map((x) => x / s);
  const v = value / s;
  const centre = median(scaled);
  const spread = mad(scaled, centre);
  if (spread > 0) return finite((MAD_SCALE * (v - centre)) / spread);
  const meanAd = meanAbsoluteDeviation(scaled, centre);
  if (meanAd > 0) return finite((v - centre) / (MEAN_AD_SCALE * meanAd));
  return null;
}

/** The baseline of `values`: their median and MAD (at most the largest double). */
function baselineOf(values: readonly number[]): Baseline {
  const s = scaleOf(values);
  const scaled = values.map((x) => x / s);
  return {
    median: median(values),
    mad: finite(mad(scaled) * s),
    days: values.length,
  };
}

/** Every day that has a baseline, with its z; oldest first. `series` must be oldest first. */
export function scoreDays(series: readonly DailyPoint[], rule: BaselineRule): ScoredDay[] {
  const scored: ScoredDay[] = [];
  let start = 0;
  for (let i = 0; i < series.length; i++) {
    const day = series[i] as DailyPoint;
    const first = addDays(day.date, -rule.window);
    while ((series[start] as DailyPoint).date < first) start++;
    const values = series.slice(start, i).map((p) => p.value);
    if (values.length < rule.minDays) continue;
    scored.push({ ...day, baseline: baselineOf(values), z: robustZ(day.value, values) });
  }
  return scored;
}

/** The last day scored against its baseline, if it has one (summary's latest-day column). */
export function scoreLast(
  series: readonly DailyPoint[],
  rule: BaselineRule,
): ScoredDay | undefined {
  const day = series.at(-1);
  if (day === undefined) return undefined;
  const first = addDays(day.date, -rule.window);
  const values = series.filter((p) => p.date >= first && p.date < day.date).map((p) => p.value);
  if (values.length < rule.minDays) return undefined;
  return { ...day, baseline: baselineOf(values), z: robustZ(day.value, values) };
}

/** The flagged days, oldest first. */
export function findAnomalies(series: readonly DailyPoint[], rule: BaselineRule): Anomaly[] {
  const out: Anomaly[] = [];
  for (const day of scoreDays(series, rule)) {
    if (day.z === null || Math.abs(day.z) < rule.threshold) continue;
    out.push({ ...day, z: day.z, direction: day.z > 0 ? 'high' : 'low' });
  }
  return out;
}
