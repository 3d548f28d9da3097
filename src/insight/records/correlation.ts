// The record of one correlation (`healthdata correlate`, MCP `correlate`): per provider pair
// and lag, one builder, so both surfaces give the same fields and numbers, rounded once.
import { correlate, type LagCorrelation } from '../correlate.ts';
import type { NumericSeries } from '../from-daily.ts';
import { score } from '../../lib/precision.ts';

export interface CorrelationRecord {
  /** The leading metric and its provider. */
  a: string;
  a_provider: string;
  /** The following metric and its provider. */
  b: string;
  b_provider: string;
  /** A on day d pairs with B on day d + lag. */
  lag: number;
  /** Days paired. */
  n: number;
  pearson: number | null;
  spearman: number | null;
  /** The lag with the strongest |pearson| for this provider pair. */
  strongest: boolean;
  /** n < MIN_PAIRS: r means little. */
  too_few: boolean;
}

/** Every provider pair of `a` and `b` at each lag from `lags.min` to `lags.max`. */
export function correlationRecords(
  series: readonly NumericSeries[],
  a: string,
  b: string,
  lags: { min: number; max: number },
): { records: CorrelationRecord[]; best: CorrelationRecord[] } {
  const records: CorrelationRecord[] = [];
  const best: CorrelationRecord[] = [];
  for (const sa of series.filter((s) => s.metric === a)) {
    for (const sb of series.filter((s) => s.metric === b)) {
      const result = correlate(sa.points, sb.points, lags.min, lags.max);
      for (const l of result.lags) {
        const record = recordOf(sa, sb, l, result.best === l);
        records.push(record);
        if (record.strongest) best.push(record);
      }
    }
  }
  return { records, best };
}

function recordOf(
  sa: NumericSeries,
  sb: NumericSeries,
  l: LagCorrelation,
  strongest: boolean,
): CorrelationRecord {
  return {
    a: sa.metric,
    a_provider: sa.provider,
    b: sb.metric,
    b_provider: sb.provider,
    lag: l.lag,
    n: l.n,
    pearson: score(l.pearson),
    spearman: score(l.spearman),
    strongest,
    too_few: l.tooFew,
  };
}
