// Notices and warnings go to stderr, never stdout, so pipelines and cron always get clean data.
// What is said by default is only what a person needs on this run: a warning, advice about the
// data, what an -o file received. Facts that hold for every run (the plan, the demo server's
// address) are for --verbose. --quiet leaves errors alone, which are not notices (run.ts).
import { visible } from '../lib/visible.ts';
import { wrap } from '../output/terminal/wrap.ts';
import type { Writable } from 'node:stream';
import type { Meta } from '../api/types.ts';
import type { Palette } from '../output/terminal/colors.ts';

export interface Notices {
  /** For people at a terminal (what an -o file received): shown when stderr is a TTY or with --verbose. */
  info(message: string): void;
  warn(message: string): void;
  /**
   * A warning --quiet does not silence, for what is not an error yet must not go unseen: only
   * sync's dataset folder left alone when whose it is is unclear. Every other warning is `warn`:
   * --quiet means errors only; what a cron job must not miss (a -m/-p typo) is an error.
   */
  alert(message: string): void;
  /** Advice about the data itself (e.g. rows that must not be added up); --quiet silences it. */
  notice(message: string): void;
  verbose(message: string): void;
}

export function createNotices(
  stderr: Writable,
  opts: {
    quiet: boolean;
    verbose: boolean;
    interactive: boolean;
    palette?: Palette;
    /** The run's redaction (Context.secrets): a notice may quote what a server echoed. */
    redact?: ((text: string) => string) | undefined;
    /** stderr's width when it is a terminal: notices are word-wrapped to it. */
    columns?: number | undefined;
  },
): Notices {
  const yellow = opts.palette?.yellow ?? ((text: string) => text);
  const redact = opts.redact ?? ((text: string) => text);
  // Notices quote server text (the plan name, catalog names): never raw control characters.
  // Redacted before it is wrapped: a key cut across two lines would no longer be found.
  const wrapped = (text: string, width: number | undefined): string[] => {
    const said = redact(visible(text));
    return width === undefined || width < 20 ? [said] : wrap(said, width, '  ', false);
  };
  const line = (text: string, width: number | undefined): void => {
    stderr.write(`${wrapped(text, width).join('\n')}\n`);
  };
  const warning = (message: string): void => {
    const [first = '', ...rest] = wrapped(`warning: ${message}`, opts.columns);
    // Painted after wrapping, so that the colour codes take no columns.
    const painted = `${yellow('warning:')}${first.slice('warning:'.length)}`;
    stderr.write(`${[painted, ...rest].join('\n')}\n`);
  };
  return {
    info: (message) => {
      if (!opts.quiet && (opts.interactive || opts.verbose)) line(message, opts.columns);
    },
    warn: (message) => {
      if (!opts.quiet) warning(message);
    },
    alert: warning,
    notice: (message) => {
      if (!opts.quiet) line(message, opts.columns);
    },
    // Request logs carry URLs to copy: left whole, one line each.
    verbose: (message) => {
      if (opts.verbose) line(`healthdata: ${message}`, undefined);
    },
  };
}

// The spec allows null for these fields without saying what it means, so none is invented:
// the line says the API did not state one.
const NOT_STATED = 'not stated';
const show = (value: string | number | null): string =>
  value === null ? NOT_STATED : String(value);

/** One line that fits 80 columns: `plan: pro · history: 365 days, from 2025-11-24 · source cap: 10`. */
export function describeMeta(meta: Meta): string {
  const days = meta.history_window_days === null ? undefined : `${meta.history_window_days} days`;
  const floor = meta.history_floor === null ? undefined : `from ${meta.history_floor}`;
  const history = [days, floor].filter(Boolean).join(', ') || NOT_STATED;
  return `plan: ${meta.plan} · history: ${history} · source cap: ${show(meta.source_cap)}`;
}

export function clampWarning(from: string, meta: Meta): string | undefined {
  if (meta.history_floor === null || from >= meta.history_floor) return undefined;
  const days =
    meta.history_window_days === null ? `window ${NOT_STATED}` : `${meta.history_window_days} days`;
  return `--from ${from} was clamped to ${meta.history_floor}, the history floor of your ${meta.plan} plan (${days})`;
}
