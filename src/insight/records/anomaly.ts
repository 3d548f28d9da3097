// The record of a flagged day (`healthdata anomalies`, MCP `find_anomalies`): one builder, so
// both surfaces give the same fields, the same numbers, rounded once (precision.ts).
import { findAnomalies, type BaselineRule } from '../anomalies.ts';
import type { NumericSeries } from '../from-daily.ts';
import { addDays } from '../series.ts';
import { amount, score } from '../../lib/precision.ts';
import { shownDay } from '../../daily/index.ts';
import { inRange, type DayRange } from './daily-value.ts';

export interface AnomalyRecord {
  date: string;
  metric: string;
  provider: string;
  unit: string | null;
  basis: NumericSeries['basis'];
  value: number;
  /** The baseline's median. */
  median: number;
  /** Robust z of the day against its baseline. */
  z: number;
  direction: 'high' | 'low';
  /** Days with data in the baseline. */
  baseline_days: number;
}

/** The first day to read for `from`: the baseline of its first day lies `rule.window` before. */
export function readFrom(from: string, rule: BaselineRule): string {
  return addDays(from, -rule.window);
}

/**
 * The flagged days of `range`, newest first, and how many days of it were scored. The series
 * may start before `range` (the first days' baselines lie there).
 */
export function anomalyRecords(
  series: readonly NumericSeries[],
  rule: BaselineRule,
  range: DayRange,
): { records: AnomalyRecord[]; scored: number } {
  const inside = inRange(range);
  const records: AnomalyRecord[] = [];
  let scored = 0;
  for (const s of series) {
    scored += s.points.filter((p) => inside(p.date)).length;
    for (const a of findAnomalies(s.points, rule)) {
      if (!inside(a.date)) continue;
      records.push({
        date: a.date,
        metric: s.metric,
        provider: s.provider,
        unit: s.unit,
        basis: s.basis,
        value: shownDay(a),
        median: amount(a.baseline.median),
        z: score(a.z),
        direction: a.direction,
        baseline_days: a.baseline.days,
      });
    }
  }
  // Newest first; a stable sort keeps the series' order within a day.
  records.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { records, scored };
}
