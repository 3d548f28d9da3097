// summary's "vs baseline" on a terminal: how far the latest day's value stands from the
// person's own baseline, as the robust z of `healthdata anomalies` (src/insight, the default
// rule: median and MAD of the 28 days before, at least 14 of them with data). Blank when the
// latest day has no baseline, or the metric no daily number.
import type { MetricSummary, NumericDay } from '../../daily/index.ts';
import { DEFAULT_RULE, scoreLast } from '../../insight/index.ts';

export function latestDeviation(s: MetricSummary): string {
  if (s.rule === 'text' || s.days === 0) return '';
  const points = (s.daily as NumericDay[]).map((d) => ({ date: d.date, value: d.value }));
  const z = scoreLast(points, DEFAULT_RULE)?.z;
  if (z === undefined || z === null) return '';
  const shown = Math.abs(z) < 0.05 ? '0.0' : `${z > 0 ? '+' : '−'}${Math.abs(z).toFixed(1)}`;
  return `${shown}z`;
}
