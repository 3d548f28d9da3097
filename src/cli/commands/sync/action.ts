// `healthdata sync <target>`: lock the target, open a session, and run the sync engine.
import { paginate } from '../../../api/pagination/paginate.ts';
import { localDate, parseDateArg } from '../../../lib/dates.ts';
import { describeSync, syncTarget } from '../../../sync/engine.ts';
import { syncFormat } from '../../../sync/format.ts';
import { pidIsAlive } from '../../../lib/pid.ts';
import { acquireLock } from '../../../sync/lock.ts';
import { removeLeftovers } from '../../../sync/leftovers.ts';
import { checkTargetPath } from '../../../sync/preflight.ts';
import type { Context } from '../../context.ts';
import { createNotices } from '../../notices.ts';
import { explainEmpty } from '../../empty-result.ts';
import type { ConnectionFlags } from '../../flags.ts';
import { connectClient } from '../../connect-client.ts';
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
  await checkTargetPath(target);
  // Peak memory stays flat however many rows stream by (main.ts).
  ctx.tuneForStreaming?.();
  const lock = await acquireLock(target, {
    pid: process.pid,
    isAlive: pidIsAlive,
    clock: ctx.clock,
    waitMs: flags.wait * 1000,
    signal: ctx.signal,
    onStale: (pid) =>
      notices.warn(
        `took over the lock of an interrupted sync of ${target} (${pid === null ? 'it held no pid' : `pid ${pid}`})`,
      ),
  });
  try {
    for (const name of await removeLeftovers(target)) {
      notices.warn(`removed ${name}, left by an interrupted sync`);
    }
    const api = await connectClient(flags, ctx, notices);
    try {
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
        fetch: (query) =>
          paginate(
            (q, cursor, limit, signal) => api.client.fetchMetricsPage(q, cursor, limit, signal),
            query,
            { pageSize: flags.pageSize, signal: ctx.signal },
          ),
        notice: (message) => notices.verbose(message),
        warn: (message) => notices.warn(message),
      });
      if (!flags.quiet) {
        // The line quotes the server's history floor: never raw on a terminal.
        const line = `healthdata: ${visible(describeSync(target, result))}\n`;
        ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
        // A nightly sync with a misspelt -m would keep an empty target without a word: the
        // catalog names the nearest metric or provider, as for an empty metrics export.
        const { added, unchanged } = result.counts;
        if (added + unchanged === 0) {
          const query = {
            ...(flags.metric ? { metric: flags.metric } : {}),
            ...(flags.provider ? { provider: flags.provider } : {}),
            // A --from after today explains an empty target too.
            ...(from !== undefined ? { from } : {}),
          };
          const today = localDate(ctx.clock.now());
          await explainEmpty(api.client, query, result.meta, today, ctx.signal, notices);
        }
      }
    } finally {
      await api.close();
    }
  } finally {
    await lock.release();
  }
}
