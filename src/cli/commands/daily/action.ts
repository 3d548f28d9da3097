// `healthdata daily`: the daily values themselves, one row per metric, provider and day (or,
// with --wide, one row per day). Loaded by the loader `summary` uses (src/cli/daily-query.ts)
// and made by the same rule (src/daily/rule.ts), so each value is the one summary, chart and
// the SQLite view show, shown as every surface shows it (src/daily/shown.ts).
import { DAILY_COLUMNS, dailyRows, shownRow } from '../../../daily/index.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import type { OutputFlags } from '../../flags.ts';
import { writeInsight } from '../../insight-output.ts';
import { wideTable, type DailyRecord } from './wide.ts';
import { fhirExport, isFhirFormat } from '../../fhir-export.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Format } from '../../../output/formats/index.ts';

export interface DailyCommandFlags extends OutputFlags, DailyFlags {
  metric?: string[];
  wide?: boolean;
  withPatient?: boolean;
}

export async function runDaily(flags: DailyCommandFlags, ctx: Context): Promise<void> {
  if (flags.wide && isFhirFormat(flags.format)) {
    throw new UsageError(
      `--wide is a table for spreadsheets; -f ${flags.format} writes one Observation per daily value: leave out --wide`,
      'bad_usage',
    );
  }
  await withDaily(flags.metric, flags, ctx, async (daily, notices, api) => {
    const fhir =
      flags.format === undefined
        ? undefined
        : await fhirExport(
            flags.format as Format,
            api,
            flags.withPatient === true,
            notices,
            ctx.signal,
          );
    if (daily.emptyReason !== undefined) notices.warn(daily.emptyReason);
    const rows = dailyRows(daily.summaries).map(shownRow);
    const wide = flags.wide ? wideTable(rows, daily.range) : undefined;
    const records: DailyRecord[] =
      wide?.records ?? rows.map((r) => Object.fromEntries(DAILY_COLUMNS.map((c) => [c, r[c]])));
    const noTotal = rows.filter((r) => r.basis === 'no_total').length;
    if (noTotal > 0) {
      notices.notice(
        `${noTotal} ${noTotal === 1 ? 'day has' : 'days have'} several rows of a metric and no <metric>_total: no value (basis no_total), never their sum or mean`,
      );
    }
    await writeInsight(
      {
        title: flags.wide ? 'Daily values by day' : 'Daily values',
        records,
        columns: flags.wide ? ['date'] : DAILY_COLUMNS,
        ...(fhir ? { fhir } : {}),
        meta: {
          ...daily.range,
          ...(daily.meta ?? {}),
          rule: 'total: the <metric>_total twin; single: the one row; several: the mean of the rows of a metric without a twin; no_total: no value',
          // What each wide column holds (its unit, the metric and provider behind its name);
          // the basis of each cell is the long form's.
          ...(wide === undefined ? {} : { columns: wide.columns }),
        },
      },
      flags,
      ctx,
      notices,
    );
  });
}
