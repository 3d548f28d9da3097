// The numeric series of src/insight for the CLI: text metrics are left out with a notice.
import type { MetricSummary } from '../daily/index.ts';
import { seriesOf, type NumericSeries } from '../insight/from-daily.ts';
import type { Notices } from './notices.ts';

export type { NumericSeries };

export function numericSeries(
  summaries: readonly MetricSummary[],
  notices: Notices,
): NumericSeries[] {
  const { series, textMetrics } = seriesOf(summaries);
  if (textMetrics.length > 0) {
    notices.notice(
      `left out ${textMetrics.join(', ')}: text values have no daily number to compute with`,
    );
  }
  return series;
}
