// `healthdata anomalies`: daily values scored against the days before them. The baseline of
// the first days in range lies before --from, so the fetch starts --window days earlier;
// only days inside the range asked for are reported.
import { findAnomalies, type BaselineRule } from '../../../insight/index.ts';
import { addDays, localDate, parseDateArg } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight, type InsightRecord } from '../../insight-output.ts';
import { numericSeries } from '../../insight-series.ts';

export interface AnomaliesFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  window: number;
  minDays: number;
  threshold: number;
}

export async function runAnomalies(flags: AnomaliesFlags, ctx: Context): Promise<void> {
  if (flags.minDays > flags.window) {
    throw new UsageError(
      `--min-days ${flags.minDays} is more than the --window of ${flags.window} days — lower it, or widen the window`,
      'bad_option',
    );
  }
  const rule: BaselineRule = {
    window: flags.window,
    minDays: flags.minDays,
    threshold: flags.threshold,
  };
  const now = ctx.clock.now();
  const from = flags.from === undefined ? null : parseDateArg('--from', flags.from, now);
  const to = flags.to === undefined ? null : parseDateArg('--to', flags.to, now);
  const fetchFlags = { ...flags, ...(from === null ? {} : { from: addDays(from, -rule.window) }) };
  await withDaily(flags.metric, fetchFlags, ctx, async (daily, notices) => {
    const records: InsightRecord[] = [];
    let scored = 0;
    const series = numericSeries(daily.summaries, notices);
    for (const s of series) {
      for (const a of findAnomalies(s.points, rule)) {
        if ((from !== null && a.date < from) || (to !== null && a.date > to)) continue;
        records.push({
          date: a.date,
          metric: s.metric,
          provider: s.provider,
          value: a.value,
          median: a.baseline.median,
          z: a.z,
          direction: a.direction,
          unit: s.unit,
          basis: s.basis,
        });
      }
      scored += s.points.filter(
        (p) => (from === null || p.date >= from) && (to === null || p.date <= to),
      ).length;
    }
    records.sort((a, b) =>
      (a['date'] as string) < (b['date'] as string) ? 1 : a['date'] === b['date'] ? 0 : -1,
    );
    const range = `${from ?? daily.range.from ?? 'the start of the window'} to ${to ?? localDate(now)}`;
    notices.notice(
      `anomalies: ${records.length} ${records.length === 1 ? 'day' : 'days'} flagged of ${scored} in ${series.length} series, ${range} (|robust z| ≥ ${rule.threshold} against the median and MAD of the ${rule.window} days before, at least ${rule.minDays} with data)`,
    );
    await writeInsight(
      {
        title: 'Anomalies',
        records,
        meta: { rule: { ...rule, z: '0.6745 × (value − median) / MAD' }, from, to },
      },
      flags,
      ctx,
      notices,
    );
  });
}
