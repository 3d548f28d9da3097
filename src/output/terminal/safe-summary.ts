// A summary line's server text (metric and provider names, unit, text values) with every
// control character shown as a symbol, for the views drawn on a terminal: summary tables and
// charts. The numbers are left as they are.
import type { MetricSummary } from '../../daily/index.ts';
import { visible } from './visible.ts';

export function safeSummary(s: MetricSummary): MetricSummary {
  return {
    ...s,
    metric: visible(s.metric),
    provider: visible(s.provider),
    unit: s.unit === null ? null : visible(s.unit),
    from: visible(s.from),
    topValues: s.topValues.map((t) => ({ ...t, value: visible(t.value) })),
    latest:
      s.latest !== null && !('value' in s.latest)
        ? { ...s.latest, values: s.latest.values.map(visible) }
        : s.latest,
  };
}
