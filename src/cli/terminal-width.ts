import type { Context } from './context.ts';

/** Columns to fit: the terminal's, else $COLUMNS, else 80. */
export function terminalWidth(ctx: Context): number {
  const fromStream = (ctx.stdout as { columns?: unknown }).columns;
  if (ctx.stdoutIsTTY && typeof fromStream === 'number' && fromStream > 0) return fromStream;
  const fromEnv = Number(ctx.env['COLUMNS']);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}
