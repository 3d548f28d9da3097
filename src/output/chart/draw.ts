// A line chart of one or more series that share a unit, drawn by asciichart. Each series is
// plotted on its own with the same scale and the plots are laid over each other, so that a
// series can start late or end early (nothing is drawn where it has no data), and each can
// have its own line style: told apart by style without colour, and by colour too with it.
import { plot } from 'asciichart';
import { finite, powerOfTwoNear } from '../../lib/finite-math.ts';

export interface ChartSeries {
  label: string;
  /** One value per x position; undefined where there is no data. Gaps inside are bridged. */
  points: readonly (number | undefined)[];
}

export interface DrawOptions {
  height: number;
  /** ANSI colours, one per series; none when colour is off. */
  colors: readonly string[];
  format: (value: number) => string;
}

type Symbols = [string, string, string, string, string, string, string, string, string, string];

// asciichart's order: zero-line axis, axis, (unused), (unused), flat, down-corner pairs, up, vertical.
export const LINE_STYLES: readonly Symbols[] = [
  ['┼', '┤', '╶', '╴', '─', '╰', '╭', '╮', '╯', '│'],
  ['┼', '┤', '╶', '╴', '━', '┗', '┏', '┓', '┛', '┃'],
  ['┼', '┤', '╶', '╴', '═', '╚', '╔', '╗', '╝', '║'],
  ['┼', '┤', '╶', '╴', '┄', '└', '┌', '┐', '┘', '┆'],
];
const RESET = '\u001b[0m';

export interface Drawn {
  lines: string[];
  /** Columns taken by the y labels and the axis, before the first point. */
  labelWidth: number;
}

export function drawLines(series: readonly ChartSeries[], options: DrawOptions): Drawn {
  const known = series.flatMap((s) => s.points.filter((p): p is number => p !== undefined));
  let min = Math.min(...known);
  let max = Math.max(...known);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  if (min === max) {
    // ±1 is nothing next to 1e20: a band of a part in a thousand instead.
    const d = Math.abs(min) / 1024;
    min = finite(min - d);
    max = finite(max + d);
  }
  // Plotted divided by a power of two near the largest value, and labelled multiplied back:
  // the same rows and labels, bit for bit, yet max − min (asciichart's range, and the bridges
  // of filled()) cannot overflow for values of both signs near 1e308.
  const scale = powerOfTwoNear(Math.max(Math.abs(min), Math.abs(max)));
  min /= scale;
  max /= scale;
  const scaledFormat = (x: number): string => options.format(x * scale);
  const labelWidth = yLabelWidth(min, max, options.height, scaledFormat) + 1;
  const format = (x: number): string => `${scaledFormat(x).padStart(labelWidth - 1)} `;
  // Plot cells: [label][axis][x = 0 … n-1]; asciichart draws the segment x → x+1 in column x.
  const grids = series.map((s, i) => {
    // asciichart draws the segment x → x+1 in column x: one day alone would draw nothing.
    const values = filled(s.points.map((p) => (p === undefined ? p : p / scale)));
    if (values.length === 1) values.push(values[0] as number);
    const text = plot(values, {
      min,
      max,
      height: options.height,
      offset: 2,
      format,
      symbols: LINE_STYLES[i % LINE_STYLES.length] as Symbols,
    });
    return { grid: text.split('\n').map((line) => [...line]), extent: extentOf(s.points) };
  });
  const rows = (grids[0]?.grid ?? []).map((cells) => cells.slice(0, labelWidth));
  // Over a narrow range (a flat line is drawn over ±1) rounded labels repeat: each is shown
  // once, on the middle row of those that have it, the row nearest its value.
  const labels = rows.map((row) => row.join('').trim());
  for (let start = 0; start < rows.length;) {
    let end = start;
    while (labels[end + 1] === labels[start]) end++;
    const keep = Math.floor((start + end) / 2);
    for (let y = start; y <= end; y++) if (y !== keep) rows[y]?.fill(' ');
    start = end + 1;
  }
  for (const row of rows) row[labelWidth] = '┤';
  const width = Math.max(...series.map((s) => s.points.length));
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      let cell = ' ';
      grids.some(({ grid, extent }, i) => {
        const char = grid[y]?.[labelWidth + 1 + x] ?? ' ';
        // A segment x → x+1 exists only where the series has data at both ends' span.
        if (
          char === ' ' ||
          extent === undefined ||
          x < extent.first ||
          x >= Math.max(extent.last, extent.first + 1)
        )
          return false;
        const color = options.colors[i % Math.max(1, options.colors.length)];
        cell = color === undefined ? char : color + char + RESET;
        return true;
      });
      row[labelWidth + 1 + x] = cell;
    }
  });
  return { lines: rows.map((row) => row.join('').trimEnd()), labelWidth: labelWidth + 1 };
}

/** The widest y label: any row's label can be the longest ("-0.05" between -0.6 and 0.6). */
export function yLabelWidth(
  min: number,
  max: number,
  height: number,
  format: (value: number) => string,
): number {
  let width = 0;
  for (let k = 0; k <= height; k++) {
    width = Math.max(width, format(max - (k * (max - min)) / Math.max(1, height)).length);
  }
  return width;
}

/** Values for every x: gaps inside bridged linearly, the ends held flat (and masked later). */
function filled(points: readonly (number | undefined)[]): number[] {
  const extent = extentOf(points);
  if (extent === undefined) return points.map(() => 0);
  const out: number[] = [];
  let previous = extent.first;
  for (let x = 0; x < points.length; x++) {
    const p = points[x];
    if (p !== undefined) {
      out.push(p);
      previous = x;
      continue;
    }
    if (x < extent.first) out.push(points[extent.first] as number);
    else if (x > extent.last) out.push(points[extent.last] as number);
    else {
      let next = x + 1;
      while (points[next] === undefined) next++;
      const a = points[previous] as number;
      const b = points[next] as number;
      out.push(a + ((b - a) * (x - previous)) / (next - previous));
    }
  }
  return out;
}

function extentOf(
  points: readonly (number | undefined)[],
): { first: number; last: number } | undefined {
  const first = points.findIndex((p) => p !== undefined);
  if (first === -1) return undefined;
  let last = points.length - 1;
  while (points[last] === undefined) last--;
  return { first, last };
}
