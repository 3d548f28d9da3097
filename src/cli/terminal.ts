// What a command needs to know about the terminal, decided once from the Context: how wide
// stdout is and whether each stream gets colour.
import { colorEnabled, palette, type Palette } from '../output/terminal/colors.ts';
import { outputColumns } from '../output/terminal/width.ts';
import type { Context } from './context.ts';

export interface TerminalView {
  /** Width to fit stdout output to; undefined when there is none (a file, a pipe without COLUMNS). */
  columns: number | undefined;
  out: Palette;
  err: Palette;
}

export function terminalView(ctx: Context, toFile = false): TerminalView {
  return {
    columns: toFile
      ? undefined
      : outputColumns(ctx.stdoutIsTTY ? ctx.stdoutColumns : undefined, ctx.env),
    out: palette(!toFile && colorEnabled(ctx.env, ctx.stdoutIsTTY)),
    err: palette(colorEnabled(ctx.env, ctx.stderrIsTTY)),
  };
}

/** `error:`, red when stderr shows colour. */
export function errorWord(ctx: Context): string {
  return palette(colorEnabled(ctx.env, ctx.stderrIsTTY)).red('error:');
}
