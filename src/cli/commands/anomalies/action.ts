// `healthdata anomalies`: daily values scored against the days before them. The baseline of
// the first days in range lies before --from, so the fetch starts --window days earlier;
// only days inside the range asked for are reported. The records are src/insight's, as MCP
// `find_anomalies` gives them.
import { type BaselineRule } from '../../../insight/index.ts';
import { anomalyRecords, readFrom } from '../../../insight/records/anomaly.ts';
import { localDate, parseDateArg } from '../../../lib/dates.ts';
import { baselineRule } from '../../baseline-rule.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';

export interface AnomaliesFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  window: number;
  minDays: number;
  threshold: number;
}

export async function runAnomalies(flags: AnomaliesFlags, ctx: Context): Promise<void> {
  const rule: BaselineRule = baselineRule(flags);
  const now = ctx.clock.now();
  const from = flags.from === undefined ? null : parseDateArg('--from', flags.from, now);
  const to = flags.to === undefined ? null : parseDateArg('--to', flags.to, now);
  const fetchFlags = { ...flags, ...(from === null ? {} : { from: readFrom(from, rule) }) };
  await withDaily(flags.metric, fetchFlags, ctx, async (daily, notices) => {
    const series = numericSeries(daily.summaries, notices);
    const { records, scored } = anomalyRecords(series, rule, { from, to });
    const range = `${from ?? daily.range.from ?? 'the start of the window'} to ${to ?? localDate(now)}`;
    notices.notice(
      `anomalies: ${records.length} ${records.length === 1 ? 'day' : 'days'} flagged of ${scored} in ${series.length} series, ${range} (|robust z| ≥ ${rule.threshold} against the median and MAD of the ${rule.window} days before, at least ${rule.minDays} with data)`,
    );
    await writeInsight(
      {
        title: 'Anomalies',
        records,
        meta: {
          // The JSON's own names are snake_case (docs/guide.md, JSON field names).
          rule: {
            window: rule.window,
            min_days: rule.minDays,
            threshold: rule.threshold,
            z: '0.6745 × (value − median) / MAD',
          },
          from,
          to,
        },
      },
      flags,
      ctx,
      notices,
    );
  });
}
