// `healthdata metrics`: pages stream from the API into the chosen sink as they arrive.
import type { Page } from '../../api/paginate.ts';
import { paginate, type FetchPage } from '../../api/paginate.ts';
import { paginateParallel } from '../../api/parallel.ts';
import { partitionQuery } from '../../api/partition.ts';
import { UsageError } from '../../api/errors.ts';
import type { HealthClient } from '../../api/client.ts';
import type { Meta, MetricsPage, MetricsQuery } from '../../api/types.ts';
import { daysBetween, isValidDate, parseDateArg } from '../../lib/dates.ts';
import { createRowSink } from '../../output/formats.ts';
import type { Context } from '../context.ts';
import { clampWarning, createNotices, describeMeta, type Notices } from '../notices.ts';
import type { ConnectionFlags, OutputFlags } from '../options.ts';
import { openSession } from '../session.ts';
import { terminalView } from '../terminal.ts';
import { metricsProgress } from './metrics-progress.ts';
import { openTarget } from './output.ts';

export interface MetricsFlags extends ConnectionFlags, OutputFlags {
  metric?: string[];
  provider?: string[];
  from?: string;
  to?: string;
  limit?: number;
  pageSize: number;
  parallel: number;
}

/** How far each --parallel partition may run ahead of the writer, in pages; also its size. */
const PARALLEL_DEPTH = 6;

export async function runMetrics(flags: MetricsFlags, ctx: Context): Promise<void> {
  const now = ctx.clock.now();
  const query: MetricsQuery = {};
  if (flags.metric) query.metric = flags.metric;
  if (flags.provider) query.provider = flags.provider;
  if (flags.from !== undefined) query.from = parseDateArg('--from', flags.from, now);
  if (flags.to !== undefined) query.to = parseDateArg('--to', flags.to, now);
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new UsageError(
      `--from ${query.from} is after --to ${query.to} — swap them, or widen the range`,
      'bad_range',
    );
  }
  const notices = createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: ctx.stderrIsTTY,
    palette: terminalView(ctx).err,
  });
  const session = await openSession(flags, ctx, notices, Math.max(4, flags.parallel + 1));
  try {
    const target = await openTarget(flags, ctx);
    const progress = metricsProgress(flags, ctx, query);
    try {
      const terminal = terminalView(ctx, flags.output !== undefined);
      const sink = await createRowSink(target.format, target.destination, {
        header: flags.header,
        columns: terminal.columns,
        palette: terminal.out,
      });
      const pages = await openPages(session.client, query, flags, ctx, notices);
      let meta: Meta | undefined;
      let rows = 0;
      let cut = false;
      for await (const page of pages) {
        if (meta === undefined && page.meta !== undefined) announce(page.meta, query, notices);
        meta = page.meta ?? meta;
        await sink.write(page.data, meta);
        rows += page.data.length;
        cut ||= page.cut;
        progress.page(rows, page.data.at(-1)?.date, meta);
      }
      await sink.end(meta);
      progress.clear();
      if (cut) {
        notices.warn(
          `stopped at --limit ${flags.limit} rows; more rows are available (raise --limit, or leave it out for all)`,
        );
      }
      const summary = progress.summary(rows);
      if (summary !== undefined) notices.info(summary);
    } catch (error) {
      await target.file?.discard();
      throw error;
    } finally {
      progress.clear();
      await target.pager?.close();
    }
  } finally {
    await session.close();
  }
}

function announce(meta: Meta, query: MetricsQuery, notices: Notices): void {
  notices.info(describeMeta(meta));
  if (query.from !== undefined) {
    const warning = clampWarning(query.from, meta);
    if (warning) notices.warn(warning);
  }
}

async function openPages(
  client: HealthClient,
  query: MetricsQuery,
  flags: MetricsFlags,
  ctx: Context,
  notices: Notices,
): Promise<AsyncIterable<Page>> {
  const fetchPage: FetchPage = (q, cursor, limit, signal) =>
    client.fetchMetricsPage(q, cursor, limit, signal);
  const options = {
    pageSize: flags.pageSize,
    signal: ctx.signal,
    ...(flags.limit !== undefined ? { maxRows: flags.limit } : {}),
  };
  if (flags.parallel <= 1) return paginate(fetchPage, query, options);

  // The first page comes first in any case. Its meta tells where the range really starts (the
  // history floor), and how densely rows fill the days, which sizes the partitions.
  const first = await client.metricsPage(
    query,
    undefined,
    Math.min(flags.pageSize, flags.limit ?? Infinity),
    ctx.signal,
  );
  const plan = planPartitions(
    query,
    first,
    flags.pageSize * PARALLEL_DEPTH,
    flags.limit ?? Number.POSITIVE_INFINITY,
  );
  if (plan === 'single') {
    return paginateParallel(fetchPage, [], { ...options, concurrency: 1, depth: 1, lead: first });
  }
  // Below, the first page is not kept: the export starts over, sequentially (a rare case).
  if (plan === 'sequential') return paginate(fetchPage, query, options);
  if (plan === 'no_start') {
    notices.warn(
      '--parallel needs a start date when the plan has no history floor; pass --from — fetching sequentially',
    );
    return paginate(fetchPage, query, options);
  }
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

/**
 * Rows of the first page's oldest day may continue on the next page, so the lead keeps only the
 * days it holds completely, and the partitions cover from the range's start to that oldest day.
 * Each partition spans about as many days as `rowsPerPartition` rows fill at the first page's
 * density.
 */
function planPartitions(
  query: MetricsQuery,
  first: MetricsPage,
  rowsPerPartition: number,
  maxRows: number,
):
  | 'single'
  | 'sequential'
  | 'no_start'
  | { lead: MetricsPage; partitions: MetricsQuery[]; days: number } {
  const newest = first.data[0]?.date;
  const oldest = first.data.at(-1)?.date;
  if (first.next_cursor === null || first.data.length >= maxRows) return 'single';
  if (newest === undefined || oldest === undefined) return 'sequential';
  const floor = first.meta?.history_floor ?? null;
  const start =
    query.from !== undefined && (floor === null || query.from > floor) ? query.from : floor;
  if (start === null) return 'no_start';
  if (!isValidDate(newest) || !isValidDate(oldest) || !isValidDate(start) || start > oldest) {
    return 'sequential';
  }
  const complete = first.data.findIndex((row) => row.date === oldest);
  const lead: MetricsPage = { ...first, data: first.data.slice(0, complete) };
  const rowsPerDay = first.data.length / (daysBetween(oldest, newest) + 1);
  const days = Math.max(1, Math.floor(rowsPerPartition / rowsPerDay));
  const count = Math.ceil((daysBetween(start, oldest) + 1) / days);
  return { lead, partitions: partitionQuery({ ...query, to: oldest }, start, oldest, count), days };
}
