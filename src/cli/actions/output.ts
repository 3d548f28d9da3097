// Where a command's output goes: stdout, or an atomic file for --output. A format chosen by
// default is a table for a person at a terminal and CSV for everything else.
import type { Context } from '../context.ts';
import type { FileDestination } from '../../output/atomic-file.ts';
import { openOutputFile } from '../../output/target/open-output.ts';
import { streamDestination, type Destination } from '../../output/destination.ts';
import { isFormat, type Format } from '../../output/format-names.ts';
import type { OutputFlags } from '../options.ts';

export interface Target {
  destination: Destination;
  format: Format;
  file?: FileDestination;
}

export async function openTarget(flags: OutputFlags, ctx: Context): Promise<Target> {
  const format = chooseFormat(flags, ctx);
  // `-o -` is stdout, as in curl and tar.
  if (flags.output === undefined || flags.output === '-') {
    return { destination: streamDestination(ctx.stdout, { signal: ctx.signal }), format };
  }
  const file = await openOutputFile(flags.output, ctx.signal);
  return { destination: file, format, file };
}

export function chooseFormat(flags: OutputFlags, ctx: Context): Format {
  if (flags.format !== undefined && isFormat(flags.format)) return flags.format;
  const toStdout = flags.output === undefined || flags.output === '-';
  return ctx.stdoutIsTTY && toStdout ? 'table' : 'csv';
}
