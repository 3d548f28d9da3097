// The chart's y scale and labels on the inputs that hung or crashed asciichart: a range of one
// ulp, values past 2^53 rows apart, the largest and smallest doubles. Each must give rows 0 to
// height and labels that say the real values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketMeans, chooseBuckets } from '../../src/output/chart/buckets.ts';
import { drawLines } from '../../src/output/chart/draw.ts';
import { chartScale, finiteExtent } from '../../src/output/chart/scale.ts';
import { yLabels } from '../../src/output/chart/y-labels.ts';
import { displayNumber } from '../../src/output/summary/numbers.ts';

const HEIGHT = 12;
const labelsOf = (values: number[], height = HEIGHT): string[] => {
  const { min, max } = finiteExtent(values) ?? { min: 0, max: 0 };
  return yLabels(chartScale(min, max, height), displayNumber);
};
const shown = (labels: string[]) => labels.filter((l) => l !== '');
const draw = (points: (number | undefined)[], height = HEIGHT) =>
  drawLines([{ label: 'm', points }], { height, colors: [], format: displayNumber });
/** The rows (0 = top) that hold part of the line. */
const rowsDrawn = (lines: string[], labelWidth: number) =>
  lines.flatMap((l, y) => ([...l].slice(labelWidth).some((c) => c !== ' ') ? [y] : []));

describe('chartScale', () => {
  it('a constant series is flat: every value on the middle row, one label, the value', () => {
    for (const v of [0, 7084, -3.5, 1e308, -1e308, 5e-324, 0.3]) {
      const scale = chartScale(v, v, HEIGHT);
      expect(scale.flat).toBe(true);
      expect(scale.position(v)).toBe(6);
      expect(scale.valueAt(6)).toBe(v);
      expect(scale.valueAt(0)).toBeUndefined();
    }
    expect(shown(labelsOf([1e308, 1e308]))).toEqual(['1e308']);
    expect(shown(labelsOf([-1e308]))).toEqual(['-1e308']);
    expect(shown(labelsOf([5e-324, 5e-324]))).toEqual(['5e-324']);
    expect(shown(labelsOf([0.3]))).toEqual(['0.3']);
    expect(shown(labelsOf([7084]))).toEqual(['7,084']);
  });

  it('0.3 beside 0.30000000000000004 (0.1 + 0.2) is a flat line at 0.3, not a range of one ulp', () => {
    const scale = chartScale(0.3, 0.1 + 0.2, HEIGHT);
    expect(scale.flat).toBe(true);
    expect(scale.position(0.3)).toBe(scale.position(0.1 + 0.2));
    expect(shown(labelsOf([0.3, 0.1 + 0.2, 0.3]))).toEqual(['0.3']);
    // The same near 1e300: two doubles one ulp apart.
    const big = 1e300;
    const next = big + big * Number.EPSILON;
    expect(next).not.toBe(big);
    expect(chartScale(big, next, HEIGHT).flat).toBe(true);
    expect(shown(labelsOf([big, next]))).toEqual(['1e300']);
    expect(shown(labelsOf([next, next]))).toEqual(['1e300']);
  });

  it('1e300 beside 2e300: rows 0 to height, labels from 2e300 down to 1e300', () => {
    const scale = chartScale(1e300, 2e300, HEIGHT);
    expect(scale.flat).toBe(false);
    expect(scale.position(2e300)).toBe(0);
    expect(scale.position(1e300)).toBe(HEIGHT);
    expect(scale.position(1.5e300)).toBeCloseTo(HEIGHT / 2, 9);
    const labels = labelsOf([1e300, 2e300]);
    expect(labels[0]).toBe('2e300');
    expect(labels[HEIGHT]).toBe('1e300');
    expect(labels[HEIGHT / 2]).toBe('1.5e300');
    expect(shown(labels)).toHaveLength(HEIGHT + 1);
  });

  it('-1e308 to 1e308, whose difference overflows to Infinity, is the whole height, 0 in the middle', () => {
    expect(1e308 - -1e308).toBe(Infinity);
    const scale = chartScale(-1e308, 1e308, HEIGHT);
    expect(scale.position(1e308)).toBe(0);
    expect(scale.position(-1e308)).toBe(HEIGHT);
    expect(scale.position(0)).toBe(HEIGHT / 2);
    const labels = labelsOf([-1e308, 1e308]);
    expect([labels[0], labels[HEIGHT / 2], labels[HEIGHT]]).toEqual(['1e308', '0', '-1e308']);
    expect(labels.every((l) => !/Infinity|NaN/.test(l))).toBe(true);
  });

  it('5e-324 (the smallest double) beside 0 is a range, labelled 5e-324, not 0', () => {
    const labels = labelsOf([0, 5e-324]);
    expect(labels[0]).toBe('5e-324');
    expect(labels[HEIGHT]).toBe('0');
    expect(chartScale(0, 5e-324, HEIGHT).position(5e-324)).toBe(0);
  });

  it('tiny and huge together: the tiny ones on the bottom row, each end labelled with its value', () => {
    const labels = labelsOf([5e-324, 1e308, 1e-300, -3]);
    expect(labels[0]).toBe('1e308');
    expect(labels[HEIGHT]).toBe('-3');
    const scale = chartScale(-3, 1e308, HEIGHT);
    expect(Math.round(scale.position(5e-324))).toBe(HEIGHT);
    expect(Math.round(scale.position(1e-300))).toBe(HEIGHT);
  });

  it('negative values: the largest on top, the most negative at the bottom', () => {
    const labels = labelsOf([-120, -30]);
    expect(labels[0]).toBe('-30');
    expect(labels[HEIGHT]).toBe('-120');
    expect(chartScale(-120, -30, HEIGHT).position(-75)).toBe(HEIGHT / 2);
  });

  it('ordinary values keep the display format: thousands separated, two decimals at most', () => {
    expect(shown(labelsOf([5000, 11000], 6))).toEqual([
      '11,000',
      '10,000',
      '9,000',
      '8,000',
      '7,000',
      '6,000',
      '5,000',
    ]);
    // Past what two decimals tell apart: as many digits as the rows need.
    expect(shown(labelsOf([1.001, 1.002], 2))).toEqual(['1.002', '1.0015', '1.001']);
    expect(shown(labelsOf([0.001, 0.009], 2))).toEqual(['0.009', '0.005', '0.001']);
  });

  it('refuses what the chart must never be given', () => {
    expect(() => chartScale(NaN, 1, HEIGHT)).toThrow(RangeError);
    expect(() => chartScale(0, Infinity, HEIGHT)).toThrow(RangeError);
    expect(finiteExtent([NaN, Infinity, -Infinity, null, undefined])).toBeUndefined();
    expect(finiteExtent([NaN, 3, Infinity, -2, null])).toEqual({ min: -2, max: 3 });
  });
});

describe('drawLines on degenerate series', () => {
  it('draws each at once, the line within the plot, labels without Infinity or NaN', () => {
    const series: (number | undefined)[][] = [
      [0.3, 0.3, 0.1 + 0.2, 0.3],
      [1e300, 2e300, 1e300],
      [1e308, 1e308, 1e308],
      [-1e308, 1e308, 0],
      [5e-324],
      [5e-324, 1e308, 0, -3],
      [-5, 3, undefined, 7, -2],
    ];
    for (const points of series) {
      const { lines, labelWidth } = draw(points);
      expect(lines).toHaveLength(HEIGHT + 1);
      expect(lines.join('\n')).not.toMatch(/Infinity|NaN|undefined/);
      expect(rowsDrawn(lines, labelWidth).length).toBeGreaterThan(0);
    }
    // A flat one is one row: the middle.
    const flat = draw([0.3, 0.3, 0.1 + 0.2, 0.3]);
    expect(rowsDrawn(flat.lines, flat.labelWidth)).toEqual([6]);
    expect(flat.lines[6]).toBe('0.3 ┤───');
    // -1e308 up to 1e308 and back to 0: the whole height, then down to the middle.
    const wide = draw([-1e308, 1e308, 0]);
    expect(rowsDrawn(wide.lines, wide.labelWidth)).toEqual([...Array(HEIGHT + 1).keys()]);
    expect(wide.lines[0]).toBe('   1e308 ┤╭╮');
    expect(wide.lines[HEIGHT]).toBe('  -1e308 ┤╯');
  });

  it('any finite doubles: height + 1 rows, the ends labelled with the extremes', () => {
    const close = (label: string, value: number) => {
      // "1.8e308" is -1.75e308 to two digits, though past the largest double: read it a
      // thousandth as large, beside a thousandth of the value.
      const [mantissa = '', exponent = '0'] = label.replace(/,/g, '').split('e');
      const big = Number(exponent) > 300;
      const read = Number(`${mantissa}e${Number(exponent) - (big ? 3 : 0)}`);
      const want = big ? value / 1000 : value;
      expect(Math.abs(read - want)).toBeLessThanOrEqual(Math.max(0.5, Math.abs(want) * 0.05));
    };
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 3, max: 100 }),
        (points, height) => {
          const { lines } = draw(points, height);
          expect(lines).toHaveLength(height + 1);
          const labels = lines.map((l) => l.slice(0, l.indexOf('┤')).trim());
          const min = Math.min(...points);
          const max = Math.max(...points);
          const scale = chartScale(min, max, height);
          if (scale.flat) {
            expect(labels.filter((l) => l !== '')).toHaveLength(1);
          } else {
            close(labels[0] as string, max);
            close(labels[height] as string, min);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('bucketMeans', () => {
  it('a week of 1e308 has the mean 1e308, not Infinity; values past a double are gaps', () => {
    const b = chooseBuckets('2026-01-01', '2026-01-21', 3);
    const day = (d: number, value: number) => ({
      date: `2026-01-${String(d).padStart(2, '0')}`,
      value,
    });
    const means = bucketMeans(
      [
        day(1, 1e308),
        day(2, 1e308),
        day(3, 1.5e308),
        day(8, Infinity),
        day(9, NaN),
        day(15, -1e308),
        day(16, -1.7e308),
      ],
      b,
    );
    expect(means[0]).toBeCloseTo(1.1666666666666667e308, -293);
    expect(means[1]).toBeUndefined();
    expect(means[2]).toBe(-1.35e308);
    expect(bucketMeans([day(1, 5e-324), day(2, 5e-324)], b)[0]).toBe(5e-324);
  });
});
