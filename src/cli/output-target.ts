// Where a command's output goes: stdout (through the pager for a person at a terminal), or an
// atomic file for --output. A format chosen by default is a table for a person at a terminal
// and CSV (or what the caller says suits a pipe) for everything else.
import type { Context } from './context.ts';
import { openPager, type Paged } from './pager-target.ts';
import type { FileDestination } from '../output/atomic-file.ts';
import { streamDestination, type Destination } from '../output/destination.ts';
import { isFormat, type Format } from '../output/formats/index.ts';
import type { OutputFlags } from './flags.ts';

export interface Target {
  destination: Destination;
  format: Format;
  file?: FileDestination;
  /** Set when stdout goes through the pager; close it whatever happens. */
  pager?: Paged;
}

export async function openTarget(
  flags: OutputFlags,
  ctx: Context,
  piped: Format = 'csv',
): Promise<Target> {
  const format = chooseFormat(flags, ctx, piped);
  if (flags.output === undefined) {
    const pager = await openPager(ctx, flags.pager);
    if (pager) return { destination: pager.destination, format, pager };
    return { destination: streamDestination(ctx.stdout), format };
  }
  // Lazy: it loads node:crypto (~3 ms), which output to stdout does not need.
  const { atomicFile } = await import('../output/atomic-file.ts');
  const file = await atomicFile(flags.output);
  return { destination: file, format, file };
}

function chooseFormat(flags: OutputFlags, ctx: Context, piped: Format): Format {
  if (flags.format !== undefined && isFormat(flags.format)) return flags.format;
  return ctx.stdoutIsTTY && flags.output === undefined ? 'table' : piped;
}
