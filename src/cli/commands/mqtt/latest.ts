// The latest daily value of each numeric series, with the baseline the `anomalies` rule gives
// that day (the median and MAD of the days before it: src/insight/anomalies.ts), as shown on
// every surface (rounded once, src/lib/precision.ts).
import { DEFAULT_RULE, scoreLast } from '../../../insight/index.ts';
import type { NumericSeries } from '../../../insight/from-daily.ts';
import { shownDay } from '../../../daily/index.ts';
import { amount, score } from '../../../lib/precision.ts';
import type { LatestValue } from '../../../output/mqtt/ha-discovery.ts';

export function latestValues(series: readonly NumericSeries[]): LatestValue[] {
  // A metric the API totals per day (a `_total` twin) for one provider is a count for every
  // provider: WristBand's one steps row a day is as much a daily count as PhoneHealth's twin.
  const counted = new Set(series.filter((s) => s.basis === 'total').map((s) => s.metric));
  const out: LatestValue[] = [];
  for (const s of series) {
    const last = s.points.at(-1);
    if (last === undefined) continue;
    const scored = scoreLast(s.points, DEFAULT_RULE);
    out.push({
      metric: s.metric,
      provider: s.provider,
      unit: s.unit,
      counted: counted.has(s.metric),
      date: last.date,
      value: shownDay(last),
      basis: last.basis ?? s.basis,
      baseline: scored
        ? {
            median: amount(scored.baseline.median),
            mad: amount(scored.baseline.mad),
            days: scored.baseline.days,
            z: score(scored.z),
          }
        : null,
    });
  }
  return out;
}
