// `summary --by week|month|year`: each metric and provider's daily values grouped by period.
// A period reaching outside what was looked at (the range asked for, clamped to the plan's
// history floor, and to today) is partial: it holds fewer days by construction. The records
// are src/insight's, as MCP `trend` gives them.
import type { PeriodUnit } from '../../../insight/periods.ts';
import { lookedAt, periodRecords } from '../../../insight/records/period.ts';
import { localDate } from '../../../lib/dates.ts';
import type { Context } from '../../context.ts';
import type { DailyResult } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';
import type { Notices } from '../../notices.ts';

export async function writePeriods(
  daily: DailyResult,
  unit: PeriodUnit,
  flags: OutputFlags,
  ctx: Context,
  notices: Notices,
): Promise<void> {
  const range = lookedAt(
    daily.range.from ?? daily.meta?.history_floor ?? null,
    daily.range.to,
    localDate(ctx.clock.now()),
  );
  const series = numericSeries(daily.summaries, notices);
  const records = periodRecords(series, unit, range);
  const partial = records.filter((r) => r.partial).length;
  notices.notice(
    `summary by ${unit}: ${records.length} periods of ${series.length} series, ${range.from ?? 'the first day'} to ${range.to}${partial > 0 ? `; ${partial} partial (reaching outside the range)` : ''}`,
  );
  await writeInsight(
    {
      title: `Summary by ${unit}`,
      records,
      meta: { by: unit, week_start: 'Monday (ISO 8601)', ...range },
    },
    flags,
    ctx,
    notices,
  );
}
