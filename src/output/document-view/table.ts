// A list of records as a borderless table that fits the width, through cli-table3 (the chosen
// table package: these tables are small, so its per-cell cost does not matter here). The widest
// columns narrow first and their cells wrap at words; when even that cannot fit, the caller
// shows one card per record instead.
import Table from 'cli-table3';
import type { Palette } from '../terminal/colors.ts';
import { displayWidth, visible } from '../terminal/visible.ts';
import { cellText } from './cells.ts';

const GAP = 2;
/** A list column narrower than this wraps too much to read: use cards instead. */
const MIN_COLUMN = 16;

/** cli-table3 characters for a table without borders, columns two spaces apart. */
export const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' '.repeat(GAP),
};

export function recordTable(
  rows: readonly Record<string, unknown>[],
  width: number,
  p: Palette,
): string[] | undefined {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => keys.map((k) => cellText(r[k])));
  const widths = keys.map((k, i) =>
    Math.max(displayWidth(visible(k)), ...cells.map((c) => displayWidth(c[i] ?? ''))),
  );
  // Only columns of lists narrow (their items wrap at ", "); single values never get cut.
  const floors = keys.map((k, i) =>
    rows.some((r) => Array.isArray(r[k]))
      ? Math.max(MIN_COLUMN, ...cells.map((c) => longestWord(c[i] ?? '')))
      : (widths[i] as number),
  );
  if (!fit(widths, floors, width)) return undefined;
  const numeric = keys.map((k) => rows.every((r) => typeof r[k] === 'number' || r[k] == null));
  const table = new Table({
    chars: BORDERLESS,
    head: keys.map((k) => p.bold(visible(k))),
    colWidths: widths,
    colAligns: numeric.map((n) => (n ? 'right' : 'left')),
    wordWrap: true,
    wrapOnWordBoundary: true,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const [r, row] of cells.entries()) {
    table.push(row.map((text, i) => (rows[r]?.[keys[i] ?? ''] == null ? p.dim(text) : text)));
  }
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
}

function longestWord(text: string): number {
  return Math.max(0, ...text.split(' ').map((w) => displayWidth(w)));
}

/** Narrows the widest columns until the table fits; false when it cannot without going under a floor. */
function fit(widths: number[], floors: readonly number[], width: number): boolean {
  let excess = widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1) - width;
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i]! > floors[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) return false;
    widths[widest] = widths[widest]! - 1;
    excess -= 1;
  }
  return true;
}
