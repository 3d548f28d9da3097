// Where a command's output goes: stdout (through the pager for a person at a terminal), or an
// atomic file for --output. A format chosen by default is a table for a person at a terminal
// and CSV (or what the caller says suits a pipe) for everything else.
import { extname } from 'node:path';
import type { Context } from './context.ts';
import type { Notices } from './notices.ts';
import { openPager, type Paged } from './pager-target.ts';
import type { FileDestination } from '../output/atomic-file.ts';
import { withReaderProbe } from '../output/target/pipe-probe.ts';
import { withVisibleControls } from '../output/target/visible-controls.ts';
import { withBom } from '../output/target/bom.ts';
import { UsageError } from '../lib/errors.ts';
import { PipeClosedError, streamDestination, type Destination } from '../output/destination.ts';
import { formatOfFileName, isFormat, type Format } from '../output/formats/index.ts';
import { COMMON_FORMATS } from './flags.ts';
import type { OutputFlags } from './flags.ts';

export interface Target {
  destination: Destination;
  format: Format;
  file?: FileDestination;
  /** Set when stdout goes through the pager; close it whatever happens. */
  pager?: Paged;
  /**
   * After a failed or stopped run: an -o file is discarded (the old one stays); on a pipe,
   * the characters the reader probe held back go out, so the last row written is whole.
   */
  abandon(): Promise<void>;
}

/**
 * `stop` is the run's own controller: aborted when the reader of the output goes away, so a
 * request still in flight ends at once instead of running into its timeout and retries.
 */
export async function openTarget(
  flags: OutputFlags,
  ctx: Context,
  notices: Notices,
  piped: Format = 'csv',
  stop?: AbortController,
): Promise<Target> {
  const format = chooseFormat(flags, ctx, piped);
  const unknown = extensionWarning(flags, format);
  if (unknown !== undefined) notices.warn(unknown);
  const bom = flags.bom === true;
  if (bom && format !== 'csv' && format !== 'tsv') {
    throw new UsageError(
      `--bom is for csv and tsv, and this output is ${format} — add -f csv (or -f tsv), or leave --bom out`,
      'bad_option',
    );
  }
  // Raw server text must not drive a terminal: the table escapes or draws it itself. The mark
  // goes under that filter, which would show it as an escape.
  const safe = (raw: Destination): Destination => {
    const d = bom ? withBom(raw) : raw;
    if (!ctx.stdoutIsTTY || format === 'table') return d;
    return withVisibleControls(d, format === 'json' || format === 'ndjson' ? 'json' : 'delimited');
  };
  const onClosed = (): void => stop?.abort(new PipeClosedError());
  const signal = stop ? AbortSignal.any([ctx.signal, stop.signal]) : ctx.signal;
  // `-o -` is stdout, as in curl and tar.
  if (flags.output === undefined || flags.output === '-') {
    if (flags.output === undefined) {
      const pager = await openPager(ctx, flags.pager, onClosed);
      if (pager) {
        return { destination: safe(pager.destination), format, pager, abandon: nothingToUndo };
      }
    }
    const stdout = streamDestination(ctx.stdout, { signal, onClosed });
    // On a pipe, notice a reader that left even while waiting for a slow page.
    if (ctx.stdoutIsPipe && stop) {
      const probed = withReaderProbe(stdout, ctx.stdout);
      const abandon = (): Promise<void> => Promise.resolve(probed.sendHeld());
      return { destination: safe(probed), format, abandon };
    }
    return { destination: safe(stdout), format, abandon: nothingToUndo };
  }
  // Lazy: it loads node:crypto (a startup cost: `npm run bench -- --only startup`), which
  // output to stdout does not need.
  const { openOutputFile } = await import('../output/target/open-output.ts');
  const file = await openOutputFile(flags.output, signal);
  return { destination: bom ? withBom(file) : file, format, file, abandon: () => file.discard() };
}

const nothingToUndo = (): Promise<void> => Promise.resolve();

function chooseFormat(flags: OutputFlags, ctx: Context, piped: Format): Format {
  if (flags.format !== undefined && isFormat(flags.format)) return flags.format;
  const output = flags.output;
  if (output === undefined || output === '-') return ctx.stdoutIsTTY ? 'table' : piped;
  // `-o steps.json` means JSON: a file named for one format must not hold another.
  return formatOfFileName(output) ?? piped;
}

/**
 * `-o export.txt` keeps the piped default (scripts rely on it), but not silently: the file
 * would otherwise hold csv under a name that promises something else. A spreadsheet's name
 * (`.xlsx`) never gets here: `-o` refuses it (spreadsheet-names.ts).
 */
function extensionWarning(flags: OutputFlags, format: Format): string | undefined {
  const output = flags.output;
  if (output === undefined || output === '-') return undefined;
  // `-f csv -o x.json`: the file's name promises another format than it holds.
  if (flags.format !== undefined) {
    const named = formatOfFileName(output);
    return named === undefined || named === format || (named === 'ndjson' && isLineFormat(format))
      ? undefined
      : `-o ${output}: the name says ${named}, but -f ${format} writes ${format} into it`;
  }
  const extension = extname(output);
  // No extension at all (`steps`, `.hidden`, `steps.`) names nothing, so promises nothing.
  if (extension.length <= 1 || formatOfFileName(output) !== undefined) return undefined;
  return `-o ${output}: ${extension} is not a format healthdata writes, so the file holds ${format} — choose one with -f (${COMMON_FORMATS.join(', ')})`;
}

/** Formats that are NDJSON too: a .ndjson or .jsonl name fits them. */
function isLineFormat(format: Format): boolean {
  return format === 'fhir';
}
