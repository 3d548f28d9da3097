// `healthdata sync <target>`: lock the target, open a session, and run the sync engine.
import { paginate } from '../../../api/pagination/paginate.ts';
import { localDate, parseDateArg } from '../../../lib/dates.ts';
import { describeSync, syncTarget } from '../../../sync/engine.ts';
import { syncFormat } from '../../../sync/format.ts';
import { thisProcess } from '../../../lib/pid.ts';
import { acquireLock } from '../../../sync/lock.ts';
import { removeLeftovers } from '../../../sync/leftovers.ts';
import { checkTargetPath } from '../../../sync/preflight.ts';
import type { Context } from '../../context.ts';
import { createNotices } from '../../notices.ts';
import { explainEmpty } from '../../empty-result.ts';
import { reportDropped, startNameCheck } from '../../checked-names.ts';
import { DropTally } from '../../../api/dropped.ts';
import { afterCheck } from '../../../api/name-check.ts';
import type { MetricsQuery } from '../../../api/types.ts';
import type { ConnectionFlags } from '../../flags.ts';
import { connectClient } from '../../connect-client.ts';
import { describeProfile } from '../../../config/settings.ts';
import { visible } from '../../../lib/visible.ts';

export interface SyncFlags extends ConnectionFlags {
  metric?: string[];
  provider?: string[];
  from?: string;
  overlap: number;
  format?: string;
  wait: number;
  pageSize: number;
}

export async function runSync(target: string, flags: SyncFlags, ctx: Context): Promise<void> {
  const format = syncFormat(target, flags.format);
  const from =
    flags.from === undefined ? undefined : parseDateArg('--from', flags.from, ctx.clock.now());
  const notices = createNotices(ctx.stderr, {
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    interactive: ctx.stderrIsTTY,
    redact: ctx.secrets?.redact,
  });
  // Where the target really is: a link to it and its own path are one target, with one lock.
  const real = await checkTargetPath(target);
  // Peak memory stays flat however many rows stream by (main.ts).
  ctx.tuneForStreaming?.();
  const lock = await acquireLock(target, real, {
    clock: ctx.clock,
    waitMs: flags.wait * 1000,
    signal: ctx.signal,
  });
  try {
    for (const name of await removeLeftovers(target, real, thisProcess)) {
      notices.warn(`removed ${name}, left by an interrupted sync`);
    }
    const api = await connectClient(flags, ctx, notices);
    try {
      // Whose data this is, first: a cron log of many syncs says which person each one was.
      if (api.profile && !flags.quiet) {
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
      const result = await syncTarget({
        target,
        format,
        filters: {
          ...(flags.metric ? { metrics: flags.metric } : {}),
          ...(flags.provider ? { providers: flags.provider } : {}),
        },
        from,
        overlapDays: flags.overlap,
        clock: ctx.clock,
        fetch: (query) => {
          const pages = paginate(
            (q, cursor, limit, signal) => api.client.fetchMetricsPage(q, cursor, limit, signal),
            query,
            { pageSize: flags.pageSize, signal, tally },
          );
          return checked ? afterCheck(pages, checked, () => stop.abort()) : pages;
        },
        notice: (message) => notices.verbose(message),
        warn: (message) => notices.warn(message),
      });
      if (!flags.quiet) {
        // The line quotes the server's history floor: never raw on a terminal.
        const line = `healthdata: ${visible(describeSync(target, result))}
`;
        ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
        // A --from after today explains an empty target.
        const { added, unchanged } = result.counts;
        if (added + unchanged === 0 && from !== undefined) {
          explainEmpty({ from }, result.meta, localDate(ctx.clock.now()), notices);
        }
      }
      reportDropped(tally, notices, keptDays(result.kept));
    } finally {
      await api.close();
    }
  } finally {
    await lock.release();
  }
}

/** What the error line adds when days were kept as they were. */
function keptDays(kept: readonly string[]): string {
  if (kept.length === 0) return '';
  const days = kept.length === 1 ? kept[0] : `${kept.length} days (${kept.at(-1)} to ${kept[0]})`;
  return `; ${days} kept as ${kept.length === 1 ? 'it was' : 'they were'}, to be fetched again next run`;
}
