// `healthdata metrics`: pages stream from the API into the chosen sink as they arrive.
import type { Page } from '../../api/paginate.ts';
import { paginate, type FetchPage } from '../../api/paginate.ts';
import { paginateParallel } from '../../api/parallel.ts';
import { partitionQuery } from '../../api/partition.ts';
import { UsageError } from '../../api/errors.ts';
import type { HealthClient } from '../../api/client.ts';
import type { Meta, MetricsQuery } from '../../api/types.ts';
import { localDate, parseDateArg } from '../../lib/dates.ts';
import { createRowSink } from '../../output/formats.ts';
import type { Context } from '../context.ts';
import { clampWarning, createNotices, describeMeta, type Notices } from '../notices.ts';
import type { ConnectionFlags, OutputFlags } from '../options.ts';
import { openSession } from '../session.ts';
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

/** How far each --parallel partition may run ahead of the writer, in pages. */
const PARALLEL_DEPTH = 2;

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
  });
  const session = await openSession(flags, ctx, notices, Math.max(4, flags.parallel + 1));
  try {
    const target = await openTarget(flags, ctx);
    try {
      const sink = await createRowSink(target.format, target.destination, { header: flags.header });
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
      }
      await sink.end(meta);
      if (cut) {
        notices.warn(
          `stopped at --limit ${flags.limit} rows; more rows are available (raise --limit, or leave it out for all)`,
        );
      }
      if (flags.output !== undefined) notices.info(`wrote ${rows} rows to ${flags.output}`);
    } catch (error) {
      await target.file?.discard();
      throw error;
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

  // Partitions need the real start of the range, which only the API's meta can tell (the
  // history floor): one small request asks for it before the partitions start.
  const probe = await client.metricsPage(query, undefined, 1, ctx.signal);
  const floor = probe.meta?.history_floor ?? null;
  const start =
    query.from !== undefined && (floor === null || query.from > floor) ? query.from : floor;
  const end = query.to ?? localDate(ctx.clock.now());
  if (start === null || start > end) {
    if (start === null) {
      notices.warn(
        '--parallel needs a start date when the plan has no history floor; pass --from — fetching sequentially',
      );
    }
    return paginate(fetchPage, query, options);
  }
  const partitions = partitionQuery(query, start, end, flags.parallel);
  notices.verbose(
    `--parallel ${flags.parallel}: ${partitions.length} partitions from ${start} to ${end}`,
  );
  return paginateParallel(fetchPage, partitions, { ...options, depth: PARALLEL_DEPTH });
}
