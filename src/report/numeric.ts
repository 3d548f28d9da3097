// One numeric summary line as the report draws it: the daily values on a day axis, each day's
// baseline and band (the anomaly rule of src/insight), the flagged days, and the weekly or
// monthly means (summary --by). Nothing is computed twice: the daily values are summary's,
// the baseline is scoreDays', the flagged days and the periods are the records `anomalies`
// and `summary --by` write (src/insight/records), rounded as they round them.
import { shownDay, type MetricSummary, type NumericDay } from '../daily/index.ts';
import {
  periodEnd,
  scoreDays,
  type BaselineRule,
  type DailyPoint,
  type PeriodUnit,
  type ScoredDay,
} from '../insight/index.ts';
import { seriesOf } from '../insight/from-daily.ts';
import { anomalyRecords } from '../insight/records/anomaly.ts';
import { periodRecords } from '../insight/records/period.ts';
import { amount, score } from '../lib/precision.ts';
import { daysBetween } from '../lib/dates.ts';
import { finite } from '../lib/finite-math.ts';
import { valueLimits, within } from './band-limits.ts';
import { describeSeries } from './words.ts';
import type { AnomalyModel, NumericSeriesModel, SummaryNumbers } from './types.ts';

export interface Axis {
  from: string;
  to: string;
  days: number;
}

/** The daily points of a numeric line, oldest first (under `several`, the mean of the rows). */
export function pointsOf(s: MetricSummary): DailyPoint[] {
  return (s.daily as NumericDay[]).map((d) => ({ date: d.date, value: d.value, basis: d.basis }));
}

export function numericModel(
  id: string,
  s: MetricSummary,
  summary: SummaryNumbers,
  leadIn: readonly DailyPoint[],
  axis: Axis,
  rule: BaselineRule,
  unit: PeriodUnit,
): NumericSeriesModel {
  const points = pointsOf(s);
  const at = (date: string): number => daysBetween(axis.from, date);
  const inAxis = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < axis.days;
  const day = (): (number | null)[] => new Array<number | null>(axis.days).fill(null);

  const values = day();
  // As `daily` shows each day (src/daily/shown.ts): exact as sent, a `several` mean rounded.
  for (const p of points) if (inAxis(at(p.date))) values[at(p.date)] = shownDay(p);

  // The baseline of the first days lies before the range: the lead-in's days come first, as
  // `anomalies` fetches --window days before --from.
  const scored = [...leadIn, ...points];
  const median = day();
  const low = day();
  const high = day();
  const z = day();
  const limits = valueLimits(
    scored.map((p) => p.value),
    s.unit,
  );
  for (const d of scoreDays(scored, rule)) {
    const i = at(d.date);
    if (!inAxis(i)) continue;
    // As the flagged days give them (src/lib/precision.ts): one z on hover and in the list.
    median[i] = amount(d.baseline.median);
    z[i] = d.z === null ? null : score(d.z);
    const half = halfBand(d, rule.threshold);
    if (half === null) continue;
    // A band past the doubles (a baseline of ±1e308) is drawn to their edge.
    low[i] = within(amount(finite(d.baseline.median - half)), limits);
    high[i] = within(amount(finite(d.baseline.median + half)), limits);
  }
  const line = seriesOf([s]).series;
  const range = { from: axis.from, to: axis.to };
  const anomalies: AnomalyModel[] = anomalyRecords(
    line.map((l) => ({ ...l, points: scored })),
    rule,
    range,
  )
    .records.reverse()
    .map((a) => ({
      date: a.date,
      value: a.value,
      median: a.median,
      z: a.z,
      direction: a.direction,
    }));

  // As `summary --by`: a period reaching outside the days looked at is partial.
  const periods = periodRecords(line, unit, range).map((p) => ({
    period: p.period,
    end: periodEnd(p.period, unit),
    days: p.days,
    mean: p.mean,
    min: p.min,
    max: p.max,
    partial: p.partial,
  }));
  const periodMean = day();
  for (const p of periods) {
    const first = Math.max(0, at(p.period));
    const last = Math.min(axis.days - 1, at(p.end));
    for (let i = first; i <= last; i++) periodMean[i] = p.mean;
  }
  const base = { id, metric: s.metric, provider: s.provider, unit: s.unit, rule: s.rule, summary };
  return {
    ...base,
    alt: describeSeries(base, anomalies.length, unit),
    values,
    sparse: isSparse(values),
    median,
    low,
    high,
    z,
    periodMean,
    periods,
    anomalies,
  };
}

/**
 * A line measured now and then (weight, body fat, mindful minutes): data on fewer than half
 * the days from its first to its last. Its chart joins the measurements across the days
 * between them; a line joining only consecutive days would show a few short slivers.
 */
function isSparse(values: readonly (number | null)[]): boolean {
  const first = values.findIndex((v) => v !== null);
  if (first < 0) return false;
  let last = first;
  let count = 0;
  values.forEach((v, i) => {
    if (v === null) return;
    count++;
    last = i;
  });
  return count * 2 < last - first + 1;
}

/**
 * Half the width of the band inside which a day is not flagged: |z| < threshold. z is linear
 * in the value, z = (value − median) / scale, so scale = |value − median| / |z| whichever
 * spread the rule used (the MAD, or the mean absolute deviation when the MAD is 0; see
 * docs/insight.md); a day on its median (z = 0) takes the MAD's scale, MAD / 0.6745. A flat
 * baseline (no z at all) flags nothing, and has no band.
 */
function halfBand(d: ScoredDay, threshold: number): number | null {
  if (d.z === null) return null;
  if (d.z !== 0) {
    const half = (threshold * Math.abs(d.value - d.baseline.median)) / Math.abs(d.z);
    if (Number.isFinite(half)) return half;
    // In halves: value − median overflows for values of both signs near 1e308.
    return finite(2 * threshold * (Math.abs(d.value / 2 - d.baseline.median / 2) / Math.abs(d.z)));
  }
  return d.baseline.mad > 0 ? finite((threshold * d.baseline.mad) / 0.6745) : null;
}
