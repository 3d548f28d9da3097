// A line chart of one or more series that share a unit. Each value goes to a row through the
// chart's scale (scale.ts), so the plotting sees only row numbers from 0 to the height: the
// work is one pass over the points, whatever the values (asciichart, which drew from the raw
// values, spun forever on 0.3 beside 0.30000000000000004). A series can start late or end
// early (nothing is drawn where it has no data), and each has its own line style: told apart
// by style without colour, and by colour too with it.
import { chartScale, finiteExtent } from './scale.ts';
import { labelWidth, yLabels } from './y-labels.ts';

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

// asciichart's order (kept): zero-line axis, axis, (unused), (unused), flat, then the corners
// of a step down (lower row, upper row), of a step up (upper row, lower row), and vertical.
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

/** Draws the lines at once (a few series: tests, and any caller that needs no pauses). */
export function drawLines(series: readonly ChartSeries[], options: DrawOptions): Drawn {
  const steps = drawSteps(series.length, (i) => (series[i] as ChartSeries).points, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Series drawn between two pauses: a few milliseconds of work at the most points and rows. */
const SERIES_PER_STEP = 64;

/**
 * Draws `count` series, asking `pointsOf` for each one's points when needed (twice: once for
 * the scale, once to draw) rather than holding them all: a server can send tens of thousands
 * of lines of one unit. Yields every SERIES_PER_STEP series, so that its caller can return to
 * the event loop (where a Ctrl-C is heard) however many there are; returns the drawing.
 */
export function* drawSteps(
  count: number,
  pointsOf: (i: number) => readonly (number | undefined)[],
  options: DrawOptions,
): Generator<undefined, Drawn> {
  let min = Infinity;
  let max = -Infinity;
  let columns = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % SERIES_PER_STEP === 0) yield undefined;
    const points = pointsOf(i);
    columns = Math.max(columns, points.length);
    const extent = finiteExtent(points);
    if (extent !== undefined) {
      min = Math.min(min, extent.min);
      max = Math.max(max, extent.max);
    }
  }
  const empty = min > max;
  // No point at all (a server's rows all outside the range): an empty plot, no labels.
  const scale = chartScale(empty ? 0 : min, empty ? 0 : max, options.height);
  const labels = empty ? [] : yLabels(scale, options.format);
  const width = labelWidth(labels);
  const grid = Array.from({ length: scale.height + 1 }, () => new Array<string>(columns).fill(' '));
  // The first series is drawn last, so where lines cross it is the one seen.
  for (let i = count - 1; i >= 0; i--) {
    if (i < count - 1 && i % SERIES_PER_STEP === 0) yield undefined;
    const rows = pointsOf(i).map((p) =>
      p === undefined || !Number.isFinite(p) ? undefined : scale.position(p),
    );
    const color = options.colors[i % Math.max(1, options.colors.length)];
    const paint =
      color === undefined ? (char: string) => char : (char: string) => color + char + RESET;
    plot(grid, rows, LINE_STYLES[i % LINE_STYLES.length] as Symbols, paint);
  }
  const lines = grid.map((cells, y) =>
    `${(labels[y] ?? '').padStart(width)} ┤${cells.join('')}`.trimEnd(),
  );
  return { lines, labelWidth: width + 2 };
}

/**
 * Draws a series of rows (0 = top, unrounded) into `grid`: the segment from x to x + 1 in
 * column x, as asciichart does; gaps inside bridged straight, nothing before the first point
 * or after the last; a single point as a dash in its column.
 */
function plot(
  grid: string[][],
  rows: readonly (number | undefined)[],
  symbols: Symbols,
  paint: (char: string) => string,
): void {
  const first = rows.findIndex((r) => r !== undefined);
  if (first === -1) return;
  let last = rows.length - 1;
  while (rows[last] === undefined) last--;
  const at = bridged(rows, first, last);
  const put = (row: number, x: number, char: string): void => {
    const cells = grid[row];
    if (cells !== undefined && x < cells.length) cells[x] = paint(char);
  };
  if (first === last) put(Math.round(at(first)), first, symbols[4]);
  for (let x = first; x < last; x++) {
    const r0 = Math.round(at(x));
    const r1 = Math.round(at(x + 1));
    if (r0 === r1) {
      put(r0, x, symbols[4]);
      continue;
    }
    const down = r1 > r0;
    put(r1, x, down ? symbols[5] : symbols[6]);
    put(r0, x, down ? symbols[7] : symbols[8]);
    for (let r = Math.min(r0, r1) + 1; r < Math.max(r0, r1); r++) put(r, x, symbols[9]);
  }
}

/** The row at each x from first to last: a known one, or the straight line between two. */
function bridged(
  rows: readonly (number | undefined)[],
  first: number,
  last: number,
): (x: number) => number {
  const filled = new Array<number>(rows.length).fill(0);
  let previous = first;
  for (let x = first; x <= last; x++) {
    const r = rows[x];
    if (r !== undefined) {
      // Rows between the previous known one and this one, on the line between them.
      const from = filled[previous] as number;
      const span = x - previous;
      for (let k = previous + 1; k < x; k++)
        filled[k] = from + ((r - from) * (k - previous)) / span;
      filled[x] = r;
      previous = x;
    }
  }
  return (x) => filled[x] as number;
}
