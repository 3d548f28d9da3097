import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import {
  DEFAULT_SUMMARY_BOUNDS,
  SeveralRowsDetector,
  summarize,
  SummaryTooLarge,
  type TextDay,
} from '../../src/daily/index.ts';
import { addDays } from '../../src/lib/dates.ts';

function text(date: string, value: string, metric = 'mood', provider = 'P'): MetricRow {
  return { date, provider, metric, numValue: null, textValue: value, unit: null, stream: false };
}

describe('what a summary keeps, whatever the server sends', () => {
  it('counts every row, but lists only so many distinct text values by value', async () => {
    const max = DEFAULT_SUMMARY_BOUNDS.maxDistinctTexts;
    const rows = Array.from({ length: max + 500 }, (_, i) => text('2026-11-20', `v${i}`));
    rows.push(text('2026-11-19', 'v0'));
    const [line] = await summarize([rows]);
    expect(line?.rows).toBe(max + 501);
    expect(line?.topValues).toHaveLength(max);
    expect(line?.topValues[0]).toEqual({ value: 'v0', count: 2 });
    expect(line?.textCut).toEqual({ long: 0, uncounted: 500 });
  });

  it('keeps a long value as its start, so equal starts count together', async () => {
    const long = 'x'.repeat(5000);
    const [line] = await summarize([
      [text('2026-11-20', `${long}a`), text('2026-11-20', `${long}b`)],
    ]);
    const kept = `${'x'.repeat(DEFAULT_SUMMARY_BOUNDS.maxTextLength)}…`;
    expect(line?.topValues).toEqual([{ value: kept, count: 2 }]);
    expect((line?.latest as TextDay).values).toEqual([kept]);
    expect(line?.textCut).toEqual({ long: 2, uncounted: 0 });
  });

  it('stops text values at their byte budget, over all lines, and says how many', async () => {
    const bounds = { ...DEFAULT_SUMMARY_BOUNDS, maxTextBytes: 10_000 };
    const rows = Array.from({ length: 200 }, (_, i) =>
      text('2026-11-20', `value ${i}`, `m${i % 4}`),
    );
    const lines = await summarize([rows], { bounds });
    const listed = lines.reduce((n, l) => n + l.topValues.length, 0);
    const uncounted = lines.reduce((n, l) => n + (l.textCut?.uncounted ?? 0), 0);
    expect(listed).toBeLessThan(200);
    expect(listed + uncounted).toBe(200);
  });

  it('stops with one error when lines and days outgrow their budget', async () => {
    const bounds = { ...DEFAULT_SUMMARY_BOUNDS, maxBytes: 100_000 };
    const days = Array.from({ length: 2000 }, (_, i) => ({
      ...text(addDays('2026-11-20', -i), 'x'),
      numValue: i,
      textValue: null,
    }));
    const run = summarize([days], { bounds });
    await expect(run).rejects.toThrow(SummaryTooLarge);
    await expect(summarize([days], { bounds })).rejects.toThrow(
      /would keep over 98 KiB \(1 metric and provider lines, \d+ days\): stopping — narrow it/,
    );
  });
});

describe('the several-rows detector, whatever the server sends', () => {
  it('stops learning new metric names past its bound, and then cannot say a name is unseen', () => {
    const detector = new SeveralRowsDetector();
    const rows = Array.from({ length: 10_001 }, (_, i) => ({
      ...text('2026-11-20', ''),
      metric: `m${i}`,
      numValue: 1,
      textValue: null,
    }));
    detector.scan(rows.slice(0, 10_000));
    expect(detector.seen('nope')).toBe(false);
    detector.scan(rows.slice(10_000));
    expect(detector.seen('nope')).toBe(true);
  });
});
