// From daily summaries (src/daily: the API's rule, twins folded in, rows never added up) to
// the numeric series the statistics here take. A text metric has no daily number: it is
// returned apart, for the caller to say so; a metric with several rows a day and no twin
// takes the documented daily value, the mean of that day's rows.
import type { MetricSummary, NumericDay } from '../daily/index.ts';
import type { DailyPoint } from './series.ts';

export interface NumericSeries {
  metric: string;
  provider: string;
  unit: string | null;
  /** How the daily value was found: the single row, the _total twin, or several rows' mean. */
  basis: 'single' | 'total' | 'several';
  points: DailyPoint[];
}

const BASIS = { row: 'single', twin: 'total', several: 'several' } as const;

export function seriesOf(summaries: readonly MetricSummary[]): {
  series: NumericSeries[];
  /** Text metrics that had rows: no daily number to compute with. */
  textMetrics: string[];
} {
  const series: NumericSeries[] = [];
  const texts = new Set<string>();
  for (const s of summaries) {
    if (s.days === 0) continue;
    if (s.rule === 'text') {
      texts.add(s.metric);
      continue;
    }
    series.push({
      metric: s.metric,
      provider: s.provider,
      unit: s.unit,
      basis: BASIS[s.rule],
      points: (s.daily as NumericDay[]).map((d) => ({
        date: d.date,
        value: d.value,
        basis: d.basis,
      })),
    });
  }
  return { series, textMetrics: [...texts] };
}
