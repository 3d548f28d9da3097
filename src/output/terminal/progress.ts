// One live line on stderr while rows stream to a file or a pipe: rows, pages, rows per second,
// and a bar for the share of the date range covered. Rows come newest first, from `to` back to
// `from`, so the date of the last row written tells how far the export has got. Redrawn at most
// every INTERVAL_MS of the injected clock, so a fast export does not spend its time drawing.
import { daysBetween, isValidDate } from '../../lib/dates.ts';
import type { Palette } from './colors.ts';
import { truncate } from './visible.ts';

export const INTERVAL_MS = 100;
const CLEAR = '\r\u001b[2K';
const BAR = 20;

export interface ProgressState {
  rows: number;
  pages: number;
  elapsedMs: number;
  /** Share of the date range covered, 0..1; undefined when the range is not known. */
  fraction: number | undefined;
}

/** The share of [from, to] covered when the oldest row so far is dated `last`. */
export function coverage(from: string | undefined, to: string, last: string): number | undefined {
  if (from === undefined || !isValidDate(from) || !isValidDate(to) || !isValidDate(last)) {
    return undefined;
  }
  const span = daysBetween(from, to);
  if (span <= 0) return undefined;
  return Math.min(1, Math.max(0, daysBetween(last, to) / span));
}

const count = (n: number): string => n.toLocaleString('en-US');

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

export function progressLine(state: ProgressState, width: number, p: Palette): string {
  const perSecond = state.elapsedMs > 0 ? Math.round((state.rows * 1000) / state.elapsedMs) : 0;
  const pages = `${count(state.pages)} page${state.pages === 1 ? '' : 's'}`;
  const numbers = `${count(state.rows)} rows · ${pages} · ${count(perSecond)} rows/s`;
  if (state.fraction === undefined) return truncate(numbers, width - 1);
  const filled = Math.round(state.fraction * BAR);
  const pct = `${Math.floor(state.fraction * 100)}%`.padStart(4);
  const remaining =
    state.fraction > 0 ? (state.elapsedMs * (1 - state.fraction)) / state.fraction : undefined;
  const eta = remaining === undefined ? '' : ` ETA ${duration(remaining)}`;
  const after = ` ${pct}${eta}  `;
  // A line wider than the terminal wraps, and the next redraw (\r) starts a new line instead of
  // overwriting it. The bar may hold colour codes, so the numbers are cut, not the whole line;
  // on a very narrow terminal the bar goes too.
  const room = width - 1 - BAR - after.length;
  if (room < 8) return truncate(`${pct.trim()}${eta}  ${numbers}`, width - 1);
  return `${'█'.repeat(filled)}${p.dim('░'.repeat(BAR - filled))}${after}${truncate(numbers, room)}`;
}

export interface LiveProgress {
  /** After each page is written: rows and pages so far, and the date of the last row. */
  update(rows: number, pages: number, lastDate: string | undefined): void;
  /** Removes the line (before the summary, a warning or an error). */
  clear(): void;
}

export function liveProgress(options: {
  write: (text: string) => void;
  now: () => number;
  /** When the export started (rates and the ETA count from here); default: now. */
  started?: number;
  from: string | undefined;
  to: string;
  width: number | undefined;
  palette: Palette;
}): LiveProgress {
  const started = options.started ?? options.now();
  let drawn = false;
  let last = -Infinity;
  return {
    update(rows, pages, lastDate) {
      const now = options.now();
      if (now - last < INTERVAL_MS) return;
      last = now;
      const fraction =
        lastDate === undefined ? undefined : coverage(options.from, options.to, lastDate);
      const line = progressLine(
        { rows, pages, elapsedMs: now - started, fraction },
        options.width ?? 80,
        options.palette,
      );
      options.write(CLEAR + line);
      drawn = true;
    },
    clear() {
      if (drawn) options.write(CLEAR);
      drawn = false;
    },
  };
}
