// `healthdata report`: one self-contained HTML file with a chart and summary's numbers per
// metric and provider, read from the API or from a SQLite file `healthdata sync` wrote. The
// numbers are computed by the code behind `summary`, `anomalies` and `summary --by`
// (src/report builds the page from them); the file is written atomically, as exports are.
import { checkDateOrder, localDate, parseDateArg } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import { loadChartAssets } from '../../../report/assets.ts';
import { buildReport } from '../../../report/build.ts';
import { renderPage } from '../../../report/page.ts';
import type { ReportModel } from '../../../report/types.ts';
import type { Context } from '../../context.ts';
import { sayUnheld, type DailyFlags } from '../../daily-query.ts';
import type { Notices } from '../../notices.ts';
import { commandNotices } from '../../command-notices.ts';
import { openTarget } from '../../output-target.ts';
import { VERSION } from '../../version.ts';
import { loadFromApi } from './from-api.ts';
import { loadFromDb } from './from-db.ts';

export interface ReportFlags extends DailyFlags {
  metric?: string[];
  fromDb?: string;
  output?: string;
}

/** Without --from: from 90 days ago to today, as `--from 90d` means for every command. */
export const DEFAULT_FROM = '90d';

export async function runReport(flags: ReportFlags, ctx: Context): Promise<void> {
  if (flags.output === undefined && ctx.stdoutIsTTY) {
    throw new UsageError(
      'report writes one HTML file: give -o report.html (or -o - for stdout)',
      'bad_output',
    );
  }
  if (flags.fromDb !== undefined && (flags.demo || flags.apiKey || flags.baseUrl)) {
    throw new UsageError(
      '--from-db reads a synced file, not the API: leave out --demo, --api-key and --base-url',
      'bad_option',
    );
  }
  const now = ctx.clock.now();
  const today = localDate(now);
  const from = parseDateArg('--from', flags.from ?? DEFAULT_FROM, now);
  const to = flags.to === undefined ? null : parseDateArg('--to', flags.to, now);
  checkDateOrder(from, to);
  const notices = commandNotices(flags, ctx);
  const loaded =
    flags.fromDb === undefined
      ? await loadFromApi(flags.metric, { from, to }, flags, ctx, notices)
      : await loadFromDb(flags.fromDb, flags.metric, { from, to }, flags, ctx.secrets?.redact);
  sayUnheld(loaded.summaries, notices);
  const end = to !== null && to < today ? to : today;
  if (loaded.from > end) {
    throw new UsageError(
      loaded.emptyReason ?? `the range ${loaded.from} to ${end} holds no day — see --from and --to`,
      'empty_range',
    );
  }
  const model = buildReport({
    summaries: loaded.summaries,
    leadIn: loaded.leadIn,
    range: { from: loaded.from, to: end },
    asked: { from, to },
    meta: loaded.meta,
    today,
    made: today,
    version: VERSION,
    source: loaded.source,
    person: loaded.person,
  });
  if (model.series.length === 0 && model.texts.length === 0) {
    notices.warn(
      `no metric has data from ${model.range.from} to ${model.range.to}${flags.provider || flags.metric ? ' with these -m/-p filters' : ''}: the report is empty`,
    );
  }
  const html = renderPage(model, await loadChartAssets());
  await write(html, flags, ctx, notices);
  const where = flags.output === undefined || flags.output === '-' ? 'stdout' : flags.output;
  notices.notice(`wrote ${where}: ${size(Buffer.byteLength(html))}, ${contents(model)}`);
}

async function write(
  html: string,
  flags: ReportFlags,
  ctx: Context,
  notices: Notices,
): Promise<void> {
  // The format only keeps openTarget from judging the name: `.html` is no export format.
  const target = await openTarget(
    {
      format: 'json',
      header: true,
      pager: false,
      ...(flags.output ? { output: flags.output } : {}),
    },
    ctx,
    notices,
  );
  try {
    await target.destination.write(html);
    await target.destination.end();
  } catch (error) {
    await target.abandon();
    throw error;
  }
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function contents(model: ReportModel): string {
  const metrics = new Set([...model.series, ...model.texts].map((s) => s.metric)).size;
  const flagged = model.series.reduce((n, s) => n + s.anomalies.length, 0);
  const { from, to, days } = model.range;
  const charts = count(model.series.length, 'chart');
  return `${count(metrics, 'metric')} (${charts}, ${model.texts.length} text), ${from} to ${to} (${count(days, 'day')}), ${count(flagged, 'day')} flagged`;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
