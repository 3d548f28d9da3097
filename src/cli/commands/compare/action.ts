// `healthdata compare`: two periods of daily values, per metric and provider. One export
// covers both periods; each series is then split by date.
import { comparePeriods } from '../../../insight/index.ts';
import { addDays, daysBetween, localDate, parseDateArg } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight, type InsightRecord } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';

export interface CompareFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  vs: string;
}

interface Period {
  from: string;
  to: string;
}

/** The two periods from the flags; the current one defaults to the last 30 days. */
export function periodsOf(flags: CompareFlags, nowMs: number): { current: Period; vs: Period } {
  const today = localDate(nowMs);
  const to = flags.to === undefined ? today : parseDateArg('--to', flags.to, nowMs);
  const from =
    flags.from === undefined ? addDays(to, -29) : parseDateArg('--from', flags.from, nowMs);
  if (from > to) {
    throw new UsageError(`--from ${from} is after --to ${to} — swap them`, 'bad_range');
  }
  const current = { from, to };
  if (flags.vs.trim().toLowerCase() === 'previous') {
    const length = daysBetween(from, to) + 1;
    return { current, vs: { from: addDays(from, -length), to: addDays(from, -1) } };
  }
  // FROM:TO, or FROM..TO as --lag writes a range.
  const parts = flags.vs.includes('..') ? flags.vs.split('..') : flags.vs.split(':');
  if (parts.length !== 2) {
    throw new UsageError(
      `--vs '${flags.vs}' is not a period — use FROM:TO (e.g. 2026-09-01:2026-09-30), FROM..TO or previous`,
      'bad_range',
    );
  }
  const vs = {
    from: parseDateArg('--vs', parts[0] as string, nowMs),
    to: parseDateArg('--vs', parts[1] as string, nowMs),
  };
  if (vs.from > vs.to) {
    throw new UsageError(`--vs ${flags.vs}: its start is after its end — swap them`, 'bad_range');
  }
  return { current, vs };
}

export async function runCompare(flags: CompareFlags, ctx: Context): Promise<void> {
  const { current, vs } = periodsOf(flags, ctx.clock.now());
  const span = {
    from: current.from < vs.from ? current.from : vs.from,
    to: current.to > vs.to ? current.to : vs.to,
  };
  await withDaily(flags.metric, { ...flags, ...span }, ctx, async (daily, notices) => {
    const records: InsightRecord[] = [];
    const inside = (p: Period) => (d: { date: string }) => d.date >= p.from && d.date <= p.to;
    for (const s of numericSeries(daily.summaries, notices)) {
      const c = comparePeriods(
        s.points.filter(inside(current)).map((d) => d.value),
        s.points.filter(inside(vs)).map((d) => d.value),
      );
      records.push({
        metric: s.metric,
        provider: s.provider,
        mean: c.current.mean,
        vs_mean: c.previous.mean,
        change: c.change,
        change_pct: c.changePct,
        days: c.current.days,
        vs_days: c.previous.days,
        p: c.p,
        effect: c.effect,
        exceeds: c.exceeds,
        unit: s.unit,
        note: c.reason,
      });
    }
    const beyond = records.filter((r) => r['exceeds'] === true).length;
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
  });
}
