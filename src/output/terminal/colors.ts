// Colour for people, never for pipes. Whether a stream gets colour is Node's own decision
// (tty.WriteStream#getColorDepth: NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb, FORCE_COLOR, CI), asked
// with the env we are given rather than the process's, so tests control it. A stream that is
// not a terminal gets none unless FORCE_COLOR asks.
//
// The five SGR pairs are written here rather than taken from picocolors: picocolors probes
// require('tty').isatty(1) when it is imported, which loaded node:tty (and its net/stream
// modules) on every start, a few milliseconds for commands whose output is piped and never
// coloured. node:tty is now loaded only when colour is possible at all.
import { createRequire } from 'node:module';
import type * as Tty from 'node:tty';
import type { Env } from '../../lib/env.ts';

export interface Palette {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  green(text: string): string;
}

export function colorEnabled(env: Env, isTTY: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (!isTTY && force === undefined) return false;
  // FORCE_COLOR wins over NO_COLOR (Node would also print a warning about it on stderr).
  const asked = force === undefined ? env : { ...env, NO_COLOR: undefined };
  const { WriteStream } = createRequire(import.meta.url)('node:tty') as typeof Tty;
  // 1 bit means no colour; getColorDepth uses only the env it is given, not the stream.
  return WriteStream.prototype.getColorDepth.call(undefined, asked) > 1;
}

/** Paints with one SGR pair; a close inside the text (a nested span) re-opens ours after it. */
function sgr(open: number, close: number): (text: string) => string {
  const openCode = `\x1b[${open}m`;
  const closeCode = `\x1b[${close}m`;
  return (text) => openCode + text.split(closeCode).join(closeCode + openCode) + closeCode;
}

const ANSI: Palette = {
  enabled: true,
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  yellow: sgr(33, 39),
  red: sgr(31, 39),
  green: sgr(32, 39),
};

const identity = (text: string): string => text;

export const PLAIN: Palette = {
  enabled: false,
  bold: identity,
  dim: identity,
  yellow: identity,
  red: identity,
  green: identity,
};

export function palette(enabled: boolean): Palette {
  return enabled ? ANSI : PLAIN;
}
