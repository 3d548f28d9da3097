// What `summary`, `chart`, the insight commands and `report` share: check the metrics against
// the catalog, ask for each metric's `_total` twin in the same request (the one rule of
// src/daily/asked-names.ts, as MCP and `report --from-db` do), stream the export once, and
// reduce it to daily summaries (src/daily). One catalog request, then one paginated export.
import type { HealthClient } from '../api/client.ts';
import type { CatalogMetric } from '../api/catalog.ts';
import { readCatalogOrNone } from '../api/catalog-read.ts';
import { DropTally } from '../api/dropped.ts';
import { catalogNames, checkNames } from '../api/name-check.ts';
import { reportDropped } from './checked-names.ts';
import { paginate } from '../api/pagination/paginate.ts';
import type { Meta, MetricsQuery } from '../api/types.ts';
import { namesToFetch, UNREAD_CATALOG } from '../daily/asked-names.ts';
import { readSummaries } from '../daily/bounded-reader.ts';
import { baseOf, emptySummary, unheldNotes, type MetricSummary } from '../daily/index.ts';
import { checkDateOrder, localDate, parseDateArg } from '../lib/dates.ts';
import type { Context } from './context.ts';
import { clampWarning, describeMeta, type Notices } from './notices.ts';
import { commandNotices } from './command-notices.ts';
import { connectClient, type ConnectedClient } from './connect-client.ts';
import { rangeReason } from './empty-result.ts';
import { textCutNote } from '../output/summary/record.ts';
import type { ConnectionFlags } from './flags.ts';

export interface DailyFlags extends ConnectionFlags {
  provider?: string[];
  from?: string;
  to?: string;
}

export interface DailyResult {
  summaries: MetricSummary[];
  /** The range asked for, dates resolved, `from` clamped to the plan's floor; an open end is null. */
  range: { from: string | null; to: string | null };
  meta: Meta | undefined;
  /** Why no metric has a day of data, when none has and the range says why (after today, before the floor). */
  emptyReason?: string;
}

function resolveRange(flags: DailyFlags, nowMs: number): DailyResult['range'] {
  const from = flags.from === undefined ? null : parseDateArg('--from', flags.from, nowMs);
  const to = flags.to === undefined ? null : parseDateArg('--to', flags.to, nowMs);
  checkDateOrder(from, to);
  return { from, to };
}

/**
 * Checks the flags, connects, loads the daily summaries of `metrics` (all when undefined),
 * hands them to `use`, and closes the connection whatever happens.
 */
export async function withDaily(
  metrics: readonly string[] | undefined,
  flags: DailyFlags,
  ctx: Context,
  use: (daily: DailyResult, notices: Notices, api: ConnectedClient) => Promise<void>,
): Promise<void> {
  const range = resolveRange(flags, ctx.clock.now());
  const notices = commandNotices(flags, ctx);
  const api = await connectClient(flags, ctx, notices, 2);
  const tally = new DropTally();
  // An export streams by: peak memory stays flat however many rows it has (main.ts).
  ctx.tuneForStreaming?.();
  try {
    const daily = await loadDaily(api.client, metrics, range, flags, ctx, notices, tally);
    sayUnheld(daily.summaries, notices);
    await use(daily, notices, api);
    // Once the summaries are out: rows the API sent that were dropped, in one line.
    reportDropped(tally, notices);
  } finally {
    await api.close();
  }
}

/**
 * Numbers past every double (1e400) left out of every statistic: a warning, as dropped rows
 * are. Only for the range shown (a report's lead-in days are not its own).
 */
export function sayUnheld(summaries: readonly MetricSummary[], notices: Notices): void {
  for (const line of unheldNotes(summaries)) notices.warn(line);
}

/**
 * The daily summaries of `metrics` over `range`, through a client the caller connected: for a
 * caller that needs more than one range over one connection (the report's baseline lead-in).
 */
export async function loadDaily(
  client: HealthClient,
  metrics: readonly string[] | undefined,
  range: DailyResult['range'],
  flags: DailyFlags,
  ctx: Context,
  notices: Notices,
  tally: DropTally,
): Promise<DailyResult> {
  const read = await readCatalogOrNone(
    async () => (await client.getJson('api/v1/catalog', undefined, ctx.signal)).body,
    ctx.signal,
  );
  const catalog = read.metrics;
  if (catalog === undefined) {
    notices.warn(`could not read the metric names in the catalog; ${UNREAD_CATALOG}`);
    if (read.unread !== undefined) notices.verbose(`the catalog: ${read.unread}`);
  }
  // A typo in -m/-p is a usage error; a name simply absent, a warning.
  const named = {
    ...(metrics !== undefined ? { metric: metrics } : {}),
    ...(flags.provider ? { provider: flags.provider } : {}),
  };
  for (const line of checkNames(named, catalogNames(read.body)).absent) notices.warn(line);
  const query: MetricsQuery = {};
  if (metrics !== undefined) query.metric = namesToFetch(metrics, catalog);
  if (flags.provider) query.provider = flags.provider;
  if (range.from !== null) query.from = range.from;
  if (range.to !== null) query.to = range.to;

  let meta: Meta | undefined;
  const pages = async function* () {
    for await (const page of paginate(
      (q, cursor, limit, signal) => client.fetchMetricsPage(q, cursor, limit, signal),
      query,
      { pageSize: 1000, signal: ctx.signal, tally },
    )) {
      if (meta === undefined && page.meta !== undefined) {
        meta = page.meta;
        notices.verbose(describeMeta(meta));
        const warning = range.from === null ? undefined : clampWarning(range.from, meta);
        if (warning) notices.warn(warning);
      }
      // The page, not page.data: a proven page is summarised off its bytes, never parsed.
      yield page;
    }
  };
  // The one bounded reader (src/daily/bounded-reader.ts), as MCP's; past its bounds, one line.
  const summaries = await readSummaries(pages(), {
    ...(catalog ? { catalog: catalog.keys() } : {}),
    ...(metrics ? { metrics } : {}),
  });
  warnTextCut(summaries, notices);
  // A clamped --from: what was covered starts at the floor (the chart's axis, summary's header).
  const floor = meta?.history_floor ?? null;
  const from = range.from !== null && floor !== null && range.from < floor ? floor : range.from;
  const empty = summaries.every((s) => s.days === 0);
  const emptyReason = empty ? rangeReason(query, meta, localDate(ctx.clock.now())) : undefined;
  return {
    summaries: withEmpty(summaries, metrics, catalog, flags),
    range: { ...range, from },
    meta,
    ...(emptyReason === undefined ? {} : { emptyReason }),
  };
}

/** Every metric asked for (or, with no -m and no -p, in the catalog) gets a line, data or not. */
export function withEmpty(
  summaries: MetricSummary[],
  metrics: readonly string[] | undefined,
  catalog: Map<string, CatalogMetric> | undefined,
  flags: DailyFlags,
): MetricSummary[] {
  const expected = metrics ?? (catalog && flags.provider === undefined ? [...catalog.keys()] : []);
  const covered = new Set(summaries.flatMap((s) => [s.metric, s.from]));
  // Listing the whole catalog, a `_total` twin goes under its base's line, as it does when
  // there is data: with or without rows, the base stands for both.
  const listed = new Set(expected);
  const underBase = (m: string): boolean => {
    const base = baseOf(m);
    return metrics === undefined && base !== undefined && (covered.has(base) || listed.has(base));
  };
  const missing = expected
    .filter((m) => !covered.has(m) && !underBase(m))
    .map((m) => emptySummary(m, catalog?.get(m)?.unit ?? null));
  if (missing.length === 0) return summaries;
  return [...summaries, ...missing].sort((a, b) =>
    a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0,
  );
}

/** Text values past the summary's bounds are counted, not listed: say so (a few lines' worth). */
function warnTextCut(summaries: readonly MetricSummary[], notices: Notices): void {
  const cut = summaries.filter((s) => s.textCut !== undefined);
  for (const s of cut.slice(0, 3)) {
    notices.warn(
      `${s.metric} (${s.provider}): ${textCutNote(s.textCut ?? { long: 0, uncounted: 0 })}`,
    );
  }
  if (cut.length > 3) {
    notices.warn(`the text values of ${cut.length - 3} more lines were cut the same way`);
  }
}
