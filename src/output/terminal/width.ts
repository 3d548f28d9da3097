// How wide the output may be: the terminal's own width when stdout is one, else COLUMNS (so
// `COLUMNS=100 healthdata … -f table | less` fits), else no limit.
import type { Env } from '../../lib/env.ts';

export function outputColumns(ttyColumns: number | undefined, env: Env): number | undefined {
  if (ttyColumns !== undefined && ttyColumns > 0) return ttyColumns;
  const fromEnv = Number(env['COLUMNS']);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}
