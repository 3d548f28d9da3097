// One sync: find the newest day held for the filters, fetch from that day minus the overlap,
// and replace the fetched range's days in the target. The caller holds the target's lock.
// Which days are kept, replaced or emptied is decided once, in day-plan.ts; formats differ only
// in how a target's days are read and written (target-store.ts): flat/merge.ts,
// sqlite/store.ts, and parquet/store.ts, where the target is one person's folder of a dataset.
import type { Clock } from '../lib/clock.ts';
import type { Page } from '../api/pagination/types.ts';
import type { Meta, MetricsQuery } from '../api/types.ts';
import { daysBetween, isValidDate, latestDateAnywhere, localDate } from '../lib/dates.ts';
import type { RowCounts } from './day-diff.ts';
import { openDays, type Day } from './fetched-days.ts';
import { rowFilter, type SyncFilters } from './filters.ts';
import { flatCodec } from './flat/codec.ts';
import { mergeFlat, newestFlatDate } from './flat/merge.ts';
import type { SyncFormat } from './format.ts';
import type { TargetStore } from './target-store.ts';
import { fetchStart, lostDays, replaceFrom } from './window.ts';

export interface SyncRequest {
  target: string;
  format: SyncFormat;
  filters: SyncFilters;
  /** --from: where the first run starts (default: the whole window). */
  from: string | undefined;
  overlapDays: number;
  clock: Clock;
  fetch(query: MetricsQuery): AsyncIterable<Page>;
  /** For --verbose: what the run decided. */
  notice(message: string): void;
  warn(message: string): void;
}

export interface SyncResult {
  counts: RowCounts;
  written: boolean;
  /** The days re-fetched, oldest and newest; undefined when nothing was in range. */
  refetched: { from: string; to: string; days: number } | undefined;
  /** Days kept as they were because the API sent one of their rows broken, newest first. */
  kept: string[];
  meta: Meta | undefined;
}

export async function syncTarget(request: SyncRequest): Promise<SyncResult> {
  const { filters } = request;
  const today = localDate(request.clock.now());
  const query = (start: string | undefined): MetricsQuery => ({
    ...(filters.metrics ? { metric: filters.metrics } : {}),
    ...(filters.providers ? { provider: filters.providers } : {}),
    ...(start !== undefined ? { from: start } : {}),
  });
  const store = await openStore(request);
  let ok = false;
  try {
    // No row can be dated after this; one an older healthdata kept must not freeze the start.
    const notAfter = latestDateAnywhere(request.clock.now());
    const newest = plausible(await store.newestDate(notAfter), notAfter, request);
    const start = fetchStart(newest, request.overlapDays, request.from);
    noteFrom(newest, request);
    const fetched = await openDays(request.fetch(query(start)));
    try {
      const range = rangeOf(newest, start, fetched.meta, request);
      const tracked = trackDays(fetched.days);
      const { counts, written } = await store.apply(tracked.days, range, fetched.meta);
      ok = true;
      const refetched = tracked.span(range, today);
      return { counts, written, refetched, kept: tracked.kept(range), meta: fetched.meta };
    } finally {
      await fetched.close();
    }
  } finally {
    await store.close(ok);
  }
}

async function openStore(request: SyncRequest): Promise<TargetStore> {
  const { target, format, filters } = request;
  if (format === 'parquet') {
    const { openParquetTarget } = await import('./parquet/store.ts');
    return openParquetTarget(target, target, filters);
  }
  if (format === 'sqlite') {
    const { openSqliteTarget } = await import('./sqlite/store.ts');
    const db = await openSqliteTarget(target, filters, request.warn);
    return {
      newestDate: (notAfter) => Promise.resolve(db.newestDate(notAfter)),
      apply: (days, replaceFrom, meta) =>
        db.apply(days, replaceFrom, { meta, nowIso: new Date(request.clock.now()).toISOString() }),
      close: (ok) => db.close(ok),
    };
  }
  const codec = await flatCodec(format);
  const filter = rowFilter(filters);
  return {
    newestDate: (notAfter) => newestFlatDate(target, codec, filter, notAfter),
    apply: (days, replaceFrom) => mergeFlat({ path: target, codec, filter, replaceFrom, days }),
    // mergeFlat commits or discards by itself.
    close: () => Promise.resolve(),
  };
}

/**
 * The newest date held, if it is a real date and not after `notAfter`. A store that could not
 * pass over others gets a first sync's start instead: the whole window is fetched, and its
 * days replaced, which removes the implausible rows within it.
 */
function plausible(
  newest: string | undefined,
  notAfter: string,
  request: SyncRequest,
): string | undefined {
  if (newest === undefined || (newest <= notAfter && isValidDate(newest))) return newest;
  request.notice(
    `the newest day held, ${newest}, is not a plausible date: fetching as a first sync`,
  );
  return undefined;
}

function noteFrom(newest: string | undefined, request: SyncRequest): void {
  if (newest !== undefined && request.from !== undefined) {
    request.notice(
      `--from ${request.from} is for a first sync only: the target already has these rows up to ${newest}`,
    );
  }
}

function rangeOf(
  newest: string | undefined,
  start: string | undefined,
  meta: Meta | undefined,
  request: SyncRequest,
): string | undefined {
  const floor = meta?.history_floor ?? null;
  const lost = lostDays(newest, floor);
  if (lost !== undefined) {
    request.warn(
      `${lost} left the plan's history window before this sync and cannot be fetched any more; sync more often than every ${meta?.history_window_days ?? '?'} days`,
    );
  }
  const range = replaceFrom(start, floor);
  request.notice(
    `newest day held for these filters: ${newest ?? 'none'}; fetching from ${start ?? 'the start of the window'}; replacing days from ${range ?? 'the first'} (history floor: ${floor ?? 'none'})`,
  );
  return range;
}

/**
 * Passes days through, remembering the oldest and newest, and those kept, for the report.
 * Their dates passed the row guard: real, and not after tomorrow anywhere.
 */
function trackDays(days: AsyncIterable<Day>): {
  days: AsyncGenerator<Day>;
  span(range: string | undefined, today: string): SyncResult['refetched'];
  kept(range: string | undefined): string[];
} {
  let oldest: string | undefined;
  let newest: string | undefined;
  const kept: string[] = [];
  async function* pass(): AsyncGenerator<Day> {
    for await (const day of days) {
      newest ??= day.date;
      oldest = day.date;
      if (day.keep) kept.push(day.date);
      yield day;
    }
  }
  return {
    days: pass(),
    kept: (range) => kept.filter((date) => range === undefined || date >= range),
    span(range, today) {
      const from = range ?? oldest;
      const to = newest !== undefined && newest > today ? newest : today;
      if (from === undefined || from > to) return undefined;
      return { from, to, days: daysBetween(from, to) + 1 };
    },
  };
}

/** The one line a sync prints on stderr. */
export function describeSync(target: string, result: SyncResult): string {
  const { counts, refetched, written } = result;
  // Days that held no rows before (a first sync) were fetched, not re-fetched.
  const verb = counts.removed + counts.unchanged === 0 ? 'fetched' : 're-fetched';
  const span =
    refetched === undefined
      ? 'no days in range'
      : `${refetched.days} ${refetched.days === 1 ? 'day' : 'days'} ${verb} (${refetched.from} to ${refetched.to})`;
  const rows = `${counts.added} rows added, ${counts.removed} removed, ${counts.unchanged} unchanged`;
  return `synced ${target}: ${span}, ${rows}${written ? '' : '; nothing changed, file not rewritten'}`;
}
