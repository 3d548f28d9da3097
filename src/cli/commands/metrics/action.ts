// `healthdata metrics`: pages stream from the API into the chosen sink as they arrive.
import { paginate } from '../../../api/pagination/paginate.ts';
import { lastDate, rowCount } from '../../../api/rows/lazy-page.ts';
import type { FetchPage, Page } from '../../../api/pagination/types.ts';
import { paginateParallel } from '../../../api/pagination/parallel.ts';
import { findDataStart } from '../../../api/pagination/find-start.ts';
import { partitionDays, planPartitions } from '../../../api/pagination/plan.ts';
import type { HealthClient } from '../../../api/client.ts';
import type { Meta, MetricsQuery } from '../../../api/types.ts';
import { checkDateOrder, localDate, parseDateArg } from '../../../lib/dates.ts';
import { createRowSink } from '../../../output/formats/index.ts';
import type { Context } from '../../context.ts';
import { clampWarning, describeMeta, type Notices } from '../../notices.ts';
import { commandNotices } from '../../command-notices.ts';
import type { ConnectionFlags, OutputFlags } from '../../flags.ts';
import { connectClient } from '../../connect-client.ts';
import { explainEmpty } from '../../empty-result.ts';
import { reportDropped, startNameCheck } from '../../checked-names.ts';
import { DropTally } from '../../../api/dropped.ts';
import { afterCheck } from '../../../api/name-check.ts';
import { openTarget } from '../../output-target.ts';
import { terminalView } from '../../terminal.ts';
import { metricsProgress } from './progress.ts';
import { SeveralRowsDetector } from '../../../daily/duplicates.ts';
import { reportSeveralRows } from './several-rows.ts';
import { isPipeClosed } from '../../../output/destination.ts';
import { SignalError } from '../../signal-error.ts';
import { fhirExport } from '../../fhir-export.ts';
import { timeZoneOption } from '../../time-zone.ts';

export interface MetricsFlags extends ConnectionFlags, OutputFlags {
  metric?: string[];
  provider?: string[];
  from?: string;
  to?: string;
  limit?: number;
  pageSize: number;
  parallel: number;
  withPatient?: boolean;
}

/** How far each --parallel partition may run ahead of the writer, in pages; also its size. */
const PARALLEL_DEPTH = 6;
/** Where the search for the data's start begins; older rows still come, in the last partition. */
const EARLIEST_START = '1970-01-01';

export async function runMetrics(flags: MetricsFlags, ctx: Context): Promise<void> {
  const now = ctx.clock.now();
  const query: MetricsQuery = {};
  if (flags.metric) query.metric = flags.metric;
  if (flags.provider) query.provider = flags.provider;
  if (flags.from !== undefined) query.from = parseDateArg('--from', flags.from, now);
  if (flags.to !== undefined) query.to = parseDateArg('--to', flags.to, now);
  checkDateOrder(query.from, query.to);
  const notices = commandNotices(flags, ctx, terminalView(ctx).err);
  const api = await connectClient(flags, ctx, notices, Math.max(4, flags.parallel + 1));
  // Peak memory stays flat however many rows stream by (main.ts).
  ctx.tuneForStreaming?.();
  // Aborted when the reader of stdout goes away: the page in flight is not waited for.
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const tally = new DropTally();
  try {
    const target = await openTarget(flags, ctx, notices, 'csv', stop);
    const progress = metricsProgress(flags, ctx, query);
    let rows = 0;
    try {
      const terminal = terminalView(ctx, flags.output !== undefined);
      const fhir = await fhirExport(
        target.format,
        api,
        flags.withPatient === true,
        notices,
        signal,
      );
      const sink = await createRowSink(target.format, target.destination, {
        ...(fhir ? { fhir } : {}),
        header: flags.header,
        columns: terminal.columns,
        palette: terminal.out,
        pretty: ctx.stdoutIsTTY && flags.output === undefined,
        ...timeZoneOption(flags),
      });
      // The catalog is asked beside the first page; no row is written before it answers.
      const names = startNameCheck(api.client, query, signal, notices);
      const opened = await openPages(api.client, query, flags, signal, notices, tally);
      const pages = names ? afterCheck(opened, names, () => stop.abort()) : opened;
      let meta: Meta | undefined;
      let cut = false;
      const several = new SeveralRowsDetector();
      for await (const page of pages) {
        // Only when its notice can be shown; proven pages are scanned without parsing them.
        if (!flags.quiet) several.scanPage(page);
        if (meta === undefined && page.meta !== undefined) announce(page.meta, query, notices);
        meta = page.meta ?? meta;
        await sink.write(page, meta);
        rows += rowCount(page);
        cut ||= page.cut;
        progress.page(rows, () => lastDate(page), meta);
      }
      await sink.end(meta);
      progress.clear();
      if (rows === 0) explainEmpty(query, meta, localDate(now), notices);
      if (!flags.quiet) await reportSeveralRows(several, api.client, notices, signal, names);
      if (cut) {
        notices.warn(
          `stopped at --limit ${flags.limit} rows; more rows are available (raise --limit, or leave it out for all)`,
        );
      }
      const summary = progress.summary(rows);
      if (summary !== undefined) notices.info(summary);
    } catch (error) {
      await target.abandon();
      // Rows that reached stdout stay there: say they are only part of the export. (A signal
      // says so itself; a reader that left wanted no more.)
      if (rows > 0 && !target.file && !isPipeClosed(error) && !(error instanceof SignalError)) {
        notices.warn(
          `the output stops after ${rows.toLocaleString('en-US')} rows: it is incomplete`,
        );
      }
      throw error;
    } finally {
      progress.clear();
      await target.pager?.close();
    }
    // Once the rest is written: rows the API sent that were dropped, in one line.
    reportDropped(tally, notices);
  } finally {
    await api.close();
  }
}

function announce(meta: Meta, query: MetricsQuery, notices: Notices): void {
  // The same every run (status shows it): for --verbose; a --from it cuts short is a warning.
  notices.verbose(describeMeta(meta));
  if (query.from !== undefined) {
    const warning = clampWarning(query.from, meta);
    if (warning) notices.warn(warning);
  }
}

async function openPages(
  client: HealthClient,
  query: MetricsQuery,
  flags: MetricsFlags,
  signal: AbortSignal,
  notices: Notices,
  tally: DropTally,
): Promise<AsyncIterable<Page>> {
  const fetchPage: FetchPage = (q, cursor, limit, signal) =>
    client.fetchMetricsPage(q, cursor, limit, signal);
  const options = {
    pageSize: flags.pageSize,
    signal,
    tally,
    ...(flags.limit !== undefined ? { maxRows: flags.limit } : {}),
  };
  if (flags.parallel <= 1) return paginate(fetchPage, query, options);

  // The first page comes first in any case. Its meta tells where the range really starts (the
  // history floor), and how densely rows fill the days, which sizes the partitions.
  const first = await client.metricsPage(
    query,
    undefined,
    Math.min(flags.pageSize, flags.limit ?? Infinity),
    signal,
  );
  const rowsPerPartition = flags.pageSize * PARALLEL_DEPTH;
  const maxRows = flags.limit ?? Number.POSITIVE_INFINITY;
  let plan = planPartitions(query, first, rowsPerPartition, maxRows);
  if (plan === 'no_start') {
    // No history floor and no --from: find where the data starts with a few one-row probes.
    const start = await findDataStart(
      async (day) =>
        (await client.metricsPage({ ...query, to: day }, undefined, 1, signal)).data.length > 0,
      {
        known: first.data.at(-1)?.date as string,
        earliest: EARLIEST_START,
        resolution: partitionDays(first, rowsPerPartition),
        width: flags.parallel,
      },
    );
    notices.verbose(`--parallel: the data starts on or after ${start}`);
    plan = planPartitions(query, first, rowsPerPartition, maxRows, start);
  }
  if (plan === 'single') {
    return paginateParallel(fetchPage, [], { ...options, concurrency: 1, depth: 1, lead: first });
  }
  // Below, the first page is not kept: the export starts over, sequentially (a rare case).
  if (plan === 'sequential' || plan === 'no_start') return paginate(fetchPage, query, options);
  notices.verbose(
    `--parallel ${flags.parallel}: ${plan.partitions.length} partitions of ${plan.days} days, ${flags.parallel} at a time`,
  );
  return paginateParallel(fetchPage, plan.partitions, {
    ...options,
    concurrency: flags.parallel,
    depth: PARALLEL_DEPTH,
    lead: plan.lead,
  });
}
