// `healthdata summary`: one catalog request, one streamed export, one line per metric and
// provider by the daily-value rule of src/daily.
import type { Context } from '../../context.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeSummaries } from '../../../output/summary/write.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import { openTarget } from '../../output-target.ts';
import { terminalWidth } from '../../terminal-width.ts';
import type { PeriodUnit } from '../../../insight/periods.ts';
import { writePeriods } from './periods.ts';

export interface SummaryFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  by?: PeriodUnit;
}

export async function runSummary(flags: SummaryFlags, ctx: Context): Promise<void> {
  await withDaily(flags.metric, flags, ctx, async (daily, notices) => {
    if (flags.by !== undefined) {
      await writePeriods(daily, flags.by, flags, ctx, notices);
      return;
    }
    const { summaries, range, meta } = daily;
    // Every line will say "no data in the range"; this says why, before the pager hides it.
    if (daily.emptyReason !== undefined) notices.warn(daily.emptyReason);
    const target = await openTarget(flags, ctx, notices);
    const onTerminal = ctx.stdoutIsTTY && flags.output === undefined && target.format === 'table';
    const dates = summaries
      .flatMap((s) => (s.first === null || s.last === null ? [] : [s.first, s.last]))
      .sort();
    const from = range.from ?? dates[0];
    const to = range.to ?? dates.at(-1);
    try {
      await writeSummaries(summaries, target.destination, {
        format: target.format,
        header: flags.header,
        range,
        meta,
        // The width also when nothing is in the range (no dates for a sparkline): the lines
        // still have to fit the terminal.
        ...(onTerminal ? { width: terminalWidth(ctx) } : {}),
        ...(onTerminal && from !== undefined && to !== undefined
          ? { sparkline: { from, to, width: sparklineWidth(terminalWidth(ctx)) } }
          : {}),
      });
      if (flags.output !== undefined) {
        notices.info(
          `wrote ${summaries.length} ${summaries.length === 1 ? 'row' : 'rows'} to ${flags.output}`,
        );
      }
    } catch (error) {
      await target.abandon();
      throw error;
    }
  });
}

/** A wide terminal gets a finer trend; the rest of a line needs about 131 columns. */
function sparklineWidth(columns: number): number {
  return Math.max(12, Math.min(52, columns - 131));
}
