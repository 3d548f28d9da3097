// Where a command's output goes: stdout, or an atomic file for --output. A format chosen by
// default is a table for a person at a terminal and CSV for everything else.
import type { IO } from './context.ts';
import type { FileDestination } from '../output/atomic-file.ts';
import { streamDestination, type Destination } from '../output/destination.ts';
import { isFormat, type Format } from '../output/formats/index.ts';
import type { OutputFlags } from './flags.ts';

export interface Target {
  destination: Destination;
  format: Format;
  file?: FileDestination;
}

export async function openTarget(flags: OutputFlags, ctx: IO): Promise<Target> {
  const format = chooseFormat(flags, ctx);
  if (flags.output === undefined) {
    return { destination: streamDestination(ctx.stdout), format };
  }
  // Lazy: it loads node:crypto (~3 ms), which output to stdout does not need.
  const { atomicFile } = await import('../output/atomic-file.ts');
  const file = await atomicFile(flags.output);
  return { destination: file, format, file };
}

function chooseFormat(flags: OutputFlags, ctx: IO): Format {
  if (flags.format !== undefined && isFormat(flags.format)) return flags.format;
  return ctx.stdoutIsTTY && flags.output === undefined ? 'table' : 'csv';
}
