// `healthdata correlate A B`: one export of both metrics, then every provider pair's daily
// series paired by date at each lag. The records are src/insight's, as MCP `correlate` gives
// them.
import { MIN_PAIRS } from '../../../insight/index.ts';
import { correlationRecords } from '../../../insight/records/correlation.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';

export interface CorrelateFlags extends OutputFlags, DailyFlags {
  lag?: { min: number; max: number };
}

export async function runCorrelate(
  a: string,
  b: string,
  flags: CorrelateFlags,
  ctx: Context,
): Promise<void> {
  const lags = flags.lag ?? { min: 0, max: 0 };
  await withDaily([...new Set([a, b])], flags, ctx, async (daily, notices) => {
    for (const name of [a, b]) {
      const lines = daily.summaries.filter((s) => s.metric === name && s.days > 0);
      if (lines.length > 0 && lines.every((s) => s.rule === 'text')) {
        throw new UsageError(
          `${name} is a text metric: it has no daily number to correlate — pick a numeric metric`,
          'text_metric',
        );
      }
    }
    const series = numericSeries(daily.summaries, notices);
    const { records, best } = correlationRecords(series, a, b, lags);
    const strongest = best.map(
      (r) =>
        `${r.a_provider}/${r.b_provider}: r ${r.pearson} at lag ${r.lag} (n ${r.n}${r.too_few ? ', too few days' : ''})`,
    );
    notices.notice(
      records.length === 0
        ? `correlate: no days with both ${a} and ${b} in the range`
        : `correlate ${a} → ${b}, lag ${lags.min === lags.max ? lags.min : `${lags.min}..${lags.max}`}: ${strongest.join('; ') || 'no spread to correlate'}`,
    );
    await writeInsight(
      {
        title: 'Correlation',
        records,
        meta: {
          lead: a,
          follow: b,
          lags,
          min_days: MIN_PAIRS,
          pairing: 'A on day d with B on day d + lag',
        },
      },
      flags,
      ctx,
      notices,
    );
  });
}
