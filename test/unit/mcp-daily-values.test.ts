import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { DailyValues } from '../../src/mcp/daily-values.ts';

const row = (
  date: string,
  provider: string,
  metric: string,
  numValue: number,
  stream = false,
): MetricRow => ({
  date,
  provider,
  metric,
  numValue,
  textValue: null,
  unit: 'u',
  stream,
});

function values(rows: MetricRow[]): DailyValues {
  const v = new DailyValues();
  for (const r of rows) v.add(r);
  return v;
}

describe('DailyValues', () => {
  it('one row a day: that row is the daily value', () => {
    const [e] = values([
      row('2026-01-02', 'A', 'hrv', 50),
      row('2026-01-01', 'A', 'hrv', 40),
    ]).entries();
    expect(e).toMatchObject({ rule: 'one_row_a_day', min: 40, max: 50, mean: 45, median: 45 });
    expect(e?.daily).toEqual({ date: ['2026-01-01', '2026-01-02'], value: [40, 50] });
    expect(e?.latest).toEqual({ date: '2026-01-02', value: 50 });
  });

  it('a twin answers its base, per provider; the base rows are never summed', () => {
    const v = values([
      row('2026-01-01', 'Phone', 'steps', 6000),
      row('2026-01-01', 'Phone', 'steps', 5000),
      row('2026-01-01', 'Phone', 'steps_total', 7000),
      row('2026-01-01', 'Band', 'steps', 5500),
    ]);
    const entries = v.entries(['steps']);
    expect(entries.map((e) => [e.provider, e.rule, e.values_from, e.max])).toEqual([
      ['Band', 'one_row_a_day', 'steps', 5500],
      ['Phone', 'total_twin', 'steps_total', 7000],
    ]);
    expect(JSON.stringify(entries)).not.toContain('11000');
    expect(entries[1]?.note).toMatch(/several steps rows a day, one per source app/);
    // Asked for the twin alone, it is its own one-row-a-day entry.
    expect(v.entries(['steps_total']).map((e) => [e.metric, e.rule])).toEqual([
      ['steps_total', 'one_row_a_day'],
    ]);
    // Asked for everything, the twin is not listed twice.
    expect(v.entries().map((e) => e.metric)).toEqual(['steps', 'steps']);
  });

  it('several rows a day and no twin: per-day count/min/mean/max, never a sum', () => {
    const [e] = values([
      row('2026-01-01', 'Phone', 'walking_speed', 4),
      row('2026-01-01', 'Phone', 'walking_speed', 6),
      row('2026-01-02', 'Phone', 'walking_speed', 5),
    ]).entries();
    expect(e).toMatchObject({
      rule: 'several_rows_a_day',
      rows: 3,
      max_rows_a_day: 2,
      min: 4,
      max: 6,
      mean: 5,
      median: null,
      latest: null,
    });
    expect(e?.daily).toEqual({
      date: ['2026-01-01', '2026-01-02'],
      count: [2, 1],
      min: [4, 5],
      mean: [5, 5],
      max: [6, 5],
    });
    expect(e?.note).toMatch(
      /one per source app, and no _total twin exists: the rows are never added up/,
    );
    expect(JSON.stringify(e)).not.toContain('10');
  });

  it('a stream is described as samples, not sources', () => {
    const [e] = values([
      row('2026-01-01', 'Band', 'heart_rate', 60, true),
      row('2026-01-01', 'Band', 'heart_rate', 80, true),
    ]).entries();
    expect(e?.note).toMatch(/samples through the day/);
  });

  it('text metrics: counts and most frequent values', () => {
    const v = new DailyValues();
    for (const [date, text] of [
      ['2026-01-01', 'good'],
      ['2026-01-02', 'good'],
      ['2026-01-02', 'poor'],
    ] as const) {
      v.add({
        date,
        provider: 'App',
        metric: 'mood',
        numValue: null,
        textValue: text,
        unit: null,
        stream: false,
      });
    }
    const [e] = v.entries();
    expect(e).toMatchObject({ rule: 'text', rows: 3, days: 2 });
    expect(e?.top_values).toEqual([
      { value: 'good', count: 2 },
      { value: 'poor', count: 1 },
    ]);
  });
});
