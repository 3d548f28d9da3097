// `healthdata compare`: two periods of daily values, per metric and provider. One export
// covers both periods; each series is then split by date. The periods and records are
// src/insight's, as MCP `compare_periods` gives them.
import {
  comparisonRecords,
  periodsToCompare,
  spanOf,
  type Period,
} from '../../../insight/records/comparison.ts';
import { localDate, parseDateArg } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';

export interface CompareFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  vs: string;
}

/** The two periods from the flags; the current one defaults to the last 30 days. */
export function periodsOf(flags: CompareFlags, nowMs: number): { current: Period; vs: Period } {
  const date = (name: string, text: string | undefined) =>
    text === undefined ? {} : { [name]: parseDateArg(`--${name}`, text, nowMs) };
  const given = { ...date('from', flags.from), ...date('to', flags.to), ...vsOf(flags.vs, nowMs) };
  return periodsToCompare(given, localDate(nowMs), (which, p) =>
    which === 'current'
      ? new UsageError(`--from ${p.from} is after --to ${p.to} — swap them`, 'bad_range')
      : new UsageError(`--vs ${flags.vs}: its start is after its end — swap them`, 'bad_range'),
  );
}

/** --vs: previous (the default periods), or FROM:TO, or FROM..TO as --lag writes a range. */
function vsOf(vs: string, nowMs: number): { vsFrom?: string; vsTo?: string } {
  if (vs.trim().toLowerCase() === 'previous') return {};
  const parts = vs.includes('..') ? vs.split('..') : vs.split(':');
  if (parts.length !== 2) {
    throw new UsageError(
      `--vs '${vs}' is not a period — use FROM:TO (e.g. 2026-09-01:2026-09-30), FROM..TO or previous`,
      'bad_range',
    );
  }
  return {
    vsFrom: parseDateArg('--vs', parts[0] as string, nowMs),
    vsTo: parseDateArg('--vs', parts[1] as string, nowMs),
  };
}

export async function runCompare(flags: CompareFlags, ctx: Context): Promise<void> {
  const { current, vs } = periodsOf(flags, ctx.clock.now());
  await withDaily(
    flags.metric,
    { ...flags, ...spanOf(current, vs) },
    ctx,
    async (daily, notices) => {
      const records = comparisonRecords(numericSeries(daily.summaries, notices), current, vs);
      const beyond = records.filter((r) => r.exceeds).length;
      notices.notice(
        `compare: ${current.from} to ${current.to} against ${vs.from} to ${vs.to}: ${beyond} of ${records.length} changes beyond the day-to-day variation (Welch's t-test, p < 0.05)`,
      );
      await writeInsight(
        {
          title: 'Comparison',
          records,
          meta: {
            current,
            vs,
            test: "Welch's t-test, two-sided; exceeds when p < 0.05",
            effect: "Hedges' g",
          },
        },
        flags,
        ctx,
        notices,
      );
    },
  );
}
