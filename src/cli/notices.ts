// Notices and warnings go to stderr, never stdout, so pipelines and cron always get clean data.
import { visible } from '../lib/visible.ts';
import type { Writable } from 'node:stream';
import type { Meta } from '../api/types.ts';
import type { Palette } from '../output/terminal/colors.ts';

export interface Notices {
  /** For people at a terminal: shown when stderr is a TTY or with --verbose. */
  info(message: string): void;
  warn(message: string): void;
  /**
   * A warning --quiet does not silence: what a cron job must not miss (rows the API sent that
   * were dropped, a -m/-p name the catalog does not have).
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
  },
): Notices {
  const yellow = opts.palette?.yellow ?? ((text: string) => text);
  const redact = opts.redact ?? ((text: string) => text);
  const line = (text: string): void => {
    // Notices quote server text (the plan name, catalog names): never raw control characters.
    stderr.write(`${redact(text)}\n`);
  };
  return {
    info: (message) => {
      if (!opts.quiet && (opts.interactive || opts.verbose)) line(visible(message));
    },
    warn: (message) => {
      if (!opts.quiet) line(`${yellow('warning:')} ${visible(message)}`);
    },
    alert: (message) => line(`${yellow('warning:')} ${visible(message)}`),
    notice: (message) => {
      if (!opts.quiet) line(visible(message));
    },
    verbose: (message) => {
      if (opts.verbose) line(`healthdata: ${visible(message)}`);
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
