// Colour for people, never for pipes. Whether a stream gets colour is Node's own decision
// (tty.WriteStream#getColorDepth: NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb, FORCE_COLOR, CI), asked
// with the env we are given rather than the process's, so tests control it. A stream that is
// not a terminal gets none unless FORCE_COLOR asks. picocolors paints: createColors(enabled)
// ignores what picocolors itself read from the process at import.
import { WriteStream } from 'node:tty';
import { createColors } from 'picocolors';
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
  // 1 bit means no colour; getColorDepth uses only the env it is given, not the stream.
  return WriteStream.prototype.getColorDepth.call(undefined, asked) > 1;
}

export function palette(enabled: boolean): Palette {
  const c = createColors(enabled);
  return {
    enabled,
    bold: (t) => c.bold(t),
    dim: (t) => c.dim(t),
    yellow: (t) => c.yellow(t),
    red: (t) => c.red(t),
    green: (t) => c.green(t),
  };
}

export const PLAIN: Palette = palette(false);
