// From daily summaries (src/daily: the API's rule, twins folded in, rows never added up) to
// the numeric series the statistics of src/insight take. A text metric has no daily number:
// it is left out, with a notice saying so; a metric with several rows a day and no twin
// takes the documented daily value, the mean of that day's rows.
import type { MetricSummary, NumericDay } from '../daily/index.ts';
import type { DailyPoint } from '../insight/index.ts';
import type { Notices } from './notices.ts';

export interface NumericSeries {
  metric: string;
  provider: string;
  unit: string | null;
  /** How the daily value was found: `row`, `twin` (the _total twin) or `several` (their mean). */
  basis: 'single' | 'total' | 'several';
  points: DailyPoint[];
}

const BASIS = { row: 'single', twin: 'total', several: 'several' } as const;

export function numericSeries(
  summaries: readonly MetricSummary[],
  notices: Notices,
): NumericSeries[] {
  const out: NumericSeries[] = [];
  const texts = new Set<string>();
  for (const s of summaries) {
    if (s.days === 0) continue;
    if (s.rule === 'text') {
      texts.add(s.metric);
      continue;
    }
    out.push({
      metric: s.metric,
      provider: s.provider,
      unit: s.unit,
      basis: BASIS[s.rule],
      points: (s.daily as NumericDay[]).map((d) => ({ date: d.date, value: d.value })),
    });
  }
  if (texts.size > 0) {
    notices.notice(
      `left out ${[...texts].join(', ')}: text values have no daily number to compute with`,
    );
  }
  return out;
}

/** Numbers for a table: at most 2 decimals (3 significant under 1), like summary's. */
export function rounded(x: number | null): number | null {
  if (x === null || !Number.isFinite(x)) return x;
  const digits = Math.abs(x) >= 1 ? 2 : 3;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
