// The live progress line of `healthdata metrics`, and the summary that replaces it. Shown only
// to a person watching stderr while the rows go elsewhere (a file or a pipe): never with
// --quiet or --verbose (whose log lines would break it), on TERM=dumb, or when stderr is not a
// terminal.
import type { Meta, MetricsQuery } from '../../../api/types.ts';
import { localDate } from '../../../lib/dates.ts';
import { liveProgress, type LiveProgress } from '../../../output/terminal/progress.ts';
import type { Context } from '../../context.ts';
import type { ConnectionFlags, OutputFlags } from '../../flags.ts';
import { terminalView } from '../../terminal.ts';

export interface MetricsProgress {
  /** `lastDate` is called only when the line is shown. */
  page(rows: number, lastDate: () => string | undefined, meta: Meta | undefined): void;
  clear(): void;
  /** `wrote N rows to FILE in T s` with -o, else undefined. */
  summary(rows: number): string | undefined;
}

export function metricsProgress(
  flags: ConnectionFlags & OutputFlags,
  ctx: Context,
  query: MetricsQuery,
): MetricsProgress {
  const started = ctx.clock.now();
  const rowsElsewhere = flags.output !== undefined || !ctx.stdoutIsTTY;
  const shown =
    rowsElsewhere &&
    ctx.stderrIsTTY &&
    !flags.quiet &&
    !flags.verbose &&
    ctx.env['TERM'] !== 'dumb';
  let live: LiveProgress | undefined;
  let pages = 0;
  return {
    page(rows, lastDate, meta) {
      if (!shown) return;
      pages += 1;
      if (live === undefined) {
        const floor = meta?.history_floor ?? undefined;
        const from =
          query.from !== undefined && (floor === undefined || query.from > floor)
            ? query.from
            : floor;
        live = liveProgress({
          write: (text) => void ctx.stderr.write(text),
          now: () => ctx.clock.now(),
          started,
          from,
          to: query.to ?? localDate(started),
          width: ctx.stderrColumns,
          palette: terminalView(ctx).err,
        });
      }
      live.update(rows, pages, lastDate());
    },
    clear() {
      live?.clear();
    },
    // What an -o file received; rows that went to a pipe need no receipt on every run.
    summary(rows) {
      if (flags.output === undefined) return undefined;
      const seconds = ((ctx.clock.now() - started) / 1000).toFixed(1);
      return `wrote ${rows} rows to ${flags.output ?? 'stdout'} in ${seconds} s`;
    },
  };
}
