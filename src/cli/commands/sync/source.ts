// Where a sync's rows come from, for one person: a client on their settings, the -m/-p names
// checked against their catalog before anything is written, and the rows the API sent that
// were dropped, said (or failed on) once the sync is complete.
import { DropTally } from '../../../api/dropped.ts';
import { afterCheck } from '../../../api/name-check.ts';
import { paginate } from '../../../api/pagination/paginate.ts';
import type { MetricsQuery } from '../../../api/types.ts';
import type { PersonSource } from '../../../sync/dataset.ts';
import { syncTarget } from '../../../sync/engine.ts';
import type { SyncFilters } from '../../../sync/filters.ts';
import type { SyncFormat } from '../../../sync/format.ts';
import { reportDropped, startNameCheck } from '../../checked-names.ts';
import { connectClient } from '../../connect-client.ts';
import { describeProfile } from '../../../config/settings.ts';
import type { Context } from '../../context.ts';
import type { ConnectionFlags } from '../../flags.ts';
import type { Notices } from '../../notices.ts';

export interface SourceFlags extends ConnectionFlags {
  metric?: string[];
  provider?: string[];
  pageSize: number;
}

export interface SyncFlags extends Omit<SourceFlags, 'profile'> {
  /** Several only for a Parquet dataset (commands/sync/people.ts). */
  profile?: string[];
  allProfiles?: boolean;
  from?: string;
  overlap: number;
  format?: string;
  wait: number;
  parallel?: number;
  /** The time-series target: the zone whose midnight a day is (--tz). */
  tz?: string;
}

export async function openSource(
  flags: SourceFlags,
  ctx: Context,
  notices: Notices,
  /** The single target of a one-person sync, named with the profile in use. */
  target?: string,
): Promise<PersonSource> {
  const api = await connectClient(flags, ctx, notices);
  // Whose data this is, first: a cron log of many syncs says which person each one was.
  if (target !== undefined && api.profile && !flags.quiet) {
    ctx.stderr.write(`healthdata: syncing ${describeProfile(api.profile)} into ${target}\n`);
  }
  const names: MetricsQuery = {
    ...(flags.metric ? { metric: flags.metric } : {}),
    ...(flags.provider ? { provider: flags.provider } : {}),
  };
  // A typo in -m/-p fails before anything is written, also with --quiet (a cron job).
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const checked = startNameCheck(api.client, names, signal, notices);
  const tally = new DropTally();
  return {
    fetch: (query) => {
      const pages = paginate(
        (q, cursor, limit, signal) => api.client.fetchMetricsPage(q, cursor, limit, signal),
        query,
        { pageSize: flags.pageSize, signal, tally },
      );
      return checked ? afterCheck(pages, checked, () => stop.abort()) : pages;
    },
    finish: (result) => reportDropped(tally, notices, keptDays(result.kept)),
    close: () => api.close(),
  };
}

/** What the error line adds when days were kept as they were. */
function keptDays(kept: readonly string[]): string {
  if (kept.length === 0) return '';
  const days = kept.length === 1 ? kept[0] : `${kept.length} days (${kept.at(-1)} to ${kept[0]})`;
  return `; ${days} kept as ${kept.length === 1 ? 'it was' : 'they were'}, to be fetched again next run`;
}

export function syncFilters(flags: Pick<SourceFlags, 'metric' | 'provider'>): SyncFilters {
  return {
    ...(flags.metric ? { metrics: flags.metric } : {}),
    ...(flags.provider ? { providers: flags.provider } : {}),
  };
}

/** The flags of one person's source: `profile` the one named, if any. */
export function oneProfile(flags: SyncFlags, name = flags.profile?.[0]): SourceFlags {
  // The list goes; the one name, if any, takes its place.
  const { profile: listed, ...rest } = flags;
  void listed;
  return { ...rest, ...(name !== undefined ? { profile: name } : {}) };
}

/** One file target synced from `source` with the run's filters, window and notices. */
export function syncFileTarget(
  source: PersonSource,
  target: { path: string; format: SyncFormat },
  run: { flags: SyncFlags; from: string | undefined; ctx: Context; notices: Notices },
): ReturnType<typeof syncTarget> {
  const { flags, from, ctx, notices } = run;
  return syncTarget({
    target: target.path,
    format: target.format,
    filters: syncFilters(flags),
    from,
    overlapDays: flags.overlap,
    clock: ctx.clock,
    fetch: (query) => source.fetch(query),
    notice: (message) => notices.verbose(message),
    warn: (message) => notices.warn(message),
  });
}
