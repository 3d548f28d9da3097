// The y scale of a chart: which row each value falls on, and what value each row stands for.
// Computed here, in bounded arithmetic, so that the plotting only ever sees row numbers from 0
// to `height`. asciichart computed it from the raw values: rows = round(max * height / range)
// - round(min * height / range), which for 0.3 beside 0.30000000000000004 (a range of one
// ulp) or 1e300 beside 2e300 is a number past 2^53, where `y++` no longer moves y: its row
// loop spun forever, and 1e308 or 5e-324 made an array of an invalid length.
//
// Every value is divided by the largest magnitude first, so the arithmetic runs on numbers in
// [-1, 1]: max - min cannot overflow (-1e308 with 1e308), and subnormals (5e-324) keep their
// ratio to each other.

import { midpoint } from '../../lib/finite-math.ts';

export interface Scale {
  /** The bottom row; rows run from 0 (top) to `height`, so there are height + 1 of them. */
  height: number;
  /**
   * True when the values are all one value, or differ by less than the rows can show (a step
   * between rows below MIN_RELATIVE_STEP of their size): drawn as a line on the middle row.
   */
  flat: boolean;
  /** The row a value falls on, unrounded (0 = top); values are clamped to the scale. */
  position(value: number): number;
  /**
   * The value row `row` stands for: exactly the largest value on row 0, the smallest on the
   * last. Undefined for the rows of a flat scale other than its middle one: they stand for none.
   */
  valueAt(row: number): number | undefined;
}

/**
 * Rows closer than this, relative to the largest magnitude, are not told apart: past it the
 * rows would differ in their last few bits (0.1 + 0.2 is 0.3 and one ulp), which is rounding
 * noise in the data, not a change to draw. 1e-12 leaves labels of at most 13 digits.
 */
export const MIN_RELATIVE_STEP = 1e-12;

/** The scale of finite values from `min` to `max` over rows 0..height (height ≥ 1). */
export function chartScale(min: number, max: number, height: number): Scale {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`chartScale needs finite min ≤ max, not ${min} and ${max}`);
  }
  const rows = Math.max(1, Math.floor(height));
  const size = Math.max(Math.abs(min), Math.abs(max));
  const top = size === 0 ? 0 : max / size;
  const bottom = size === 0 ? 0 : min / size;
  const spread = top - bottom;
  if (spread / rows < MIN_RELATIVE_STEP) {
    const middle = Math.round(rows / 2);
    const value = midpoint(min, max);
    return {
      height: rows,
      flat: true,
      position: () => middle,
      valueAt: (row) => (row === middle ? value : undefined),
    };
  }
  return {
    height: rows,
    flat: false,
    position: (value) => {
      const p = ((top - value / size) / spread) * rows;
      return Math.min(rows, Math.max(0, p));
    },
    valueAt: (row) => {
      if (row <= 0) return max;
      if (row >= rows) return min;
      // In [-1, 1] before the last multiplication, so never past the largest magnitude. A row
      // that stands for zero says 0, not the rounding error of top - row * step (2.2e-16).
      const t = top - (row * spread) / rows;
      return Math.abs(t) < (spread / rows) * 1e-9 ? 0 : size * t;
    },
  };
}

/** The smallest and largest finite values, or undefined when there is none. */
export function finiteExtent(
  values: Iterable<number | null | undefined>,
): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    // null and undefined too: a day the daily layer could not give a value has no point.
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : undefined;
}
