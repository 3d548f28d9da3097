import { describe, expect, it } from 'vitest';
import { bucketMeans, chooseBuckets } from '../../src/output/chart/buckets.ts';
import { drawLines } from '../../src/output/chart/draw.ts';
import { xAxis } from '../../src/output/chart/x-axis.ts';
import { sparkline } from '../../src/output/summary/sparkline.ts';

describe('chooseBuckets', () => {
  it('uses days (one to three a point), then whole weeks, then months, never more points than asked', () => {
    expect(chooseBuckets('2026-01-01', '2026-01-31', 40)).toMatchObject({ size: 'day', span: 1 });
    expect(chooseBuckets('2026-01-01', '2026-03-31', 40)).toMatchObject({ size: 'day', span: 3 });
    const weeks = chooseBuckets('2026-01-01', '2026-12-31', 60);
    expect(weeks).toMatchObject({ size: 'week', span: 7 });
    expect(weeks.starts.length).toBeLessThanOrEqual(60);
    expect(chooseBuckets('2026-01-01', '2026-12-31', 30)).toMatchObject({ size: 'week', span: 14 });
    const months = chooseBuckets('2022-01-01', '2026-12-31', 30);
    expect(months).toMatchObject({ size: 'month', span: 2 });
    expect(months.starts.slice(0, 3)).toEqual(['2022-01-01', '2022-03-01', '2022-05-01']);
  });

  it('averages each bucket and leaves empty ones undefined', () => {
    const b = chooseBuckets('2026-01-01', '2026-01-21', 3);
    const means = bucketMeans(
      [
        { date: '2026-01-01', value: 1 },
        { date: '2026-01-07', value: 3 },
        { date: '2026-01-20', value: 10 },
      ],
      b,
    );
    expect(means).toEqual([2, undefined, 10]);
  });
});

describe('drawLines', () => {
  it('draws nothing where a series has no data, and bridges gaps inside it', () => {
    const { lines, labelWidth } = drawLines(
      [
        { label: 'a', points: [1, 2, 3, 4, 5, 6] },
        { label: 'b', points: [undefined, undefined, 5, undefined, 1, undefined] },
      ],
      { height: 4, colors: [], format: (x) => x.toFixed(0) },
    );
    expect(lines).toHaveLength(5);
    const column = (x: number) => lines.map((l) => [...l][labelWidth + x] ?? ' ').join('');
    // b uses the heavy style; it is absent in columns 0-1 and after its last point.
    expect(column(0) + column(1)).not.toMatch(/[━┏┓┗┛┃]/);
    expect(column(2) + column(3)).toMatch(/[━┏┓┗┛┃]/);
    expect(column(4) + column(5)).not.toMatch(/[━┏┓┗┛┃]/);
    expect(lines.every((l) => [...l][labelWidth - 1] === '┤')).toBe(true);
  });

  it('draws a single day as a flat line on the middle row, labelled with its value alone', () => {
    const format = (x: number): string => Math.round(x).toLocaleString('en-US');
    const { lines, labelWidth } = drawLines([{ label: 'steps', points: [7084] }], {
      height: 12,
      colors: [],
      format,
    });
    const labels = lines.map((l) => l.slice(0, labelWidth - 1).trim()).filter((l) => l !== '');
    expect(labels).toEqual(['7,084']);
    const point = lines.filter((l) => [...l].length > labelWidth);
    expect(point).toEqual(['7,084 ┤─']);
    expect(lines.indexOf('7,084 ┤─')).toBe(6);
    expect(lines).toHaveLength(13);
  });
});

describe('xAxis', () => {
  it('puts the first and last dates under ticks without overlap', () => {
    const b = chooseBuckets('2026-01-01', '2026-03-31', 90);
    const [rule, labels] = xAxis(b, 5, b.starts.length);
    expect(rule?.startsWith('    └┬')).toBe(true);
    expect(rule?.endsWith('┬')).toBe(true);
    expect(labels?.trim().startsWith('2026-01-01')).toBe(true);
    expect(labels?.trim().endsWith('2026-03-31')).toBe(true);
    expect([...(labels ?? '')].length).toBeLessThanOrEqual(5 + b.starts.length);
  });
});

describe('sparkline', () => {
  it('spans the range, low to high, with blanks for days without data', () => {
    const days = [
      { date: '2026-01-01', value: 0 },
      { date: '2026-01-02', value: 7 },
      { date: '2026-01-04', value: 14 },
    ];
    expect(sparkline(days, '2026-01-01', '2026-01-04', 10)).toBe('▁▅ █');
    expect(sparkline(days, '2026-01-01', '2026-01-04', 2)).toBe('▁█');
  });
});
