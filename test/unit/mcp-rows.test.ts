import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { RowBudget } from '../../src/mcp/compact-rows.ts';
import { MultiSourceDetector } from '../../src/mcp/multi-source.ts';
import { twinsAmong } from '../../src/mcp/twins.ts';

const row = (date: string, metric: string, numValue: number, stream = false): MetricRow => ({
  date,
  provider: 'PhoneHealth',
  metric,
  numValue,
  textValue: null,
  unit: 'count',
  stream,
});

describe('RowBudget', () => {
  it('stops at the row limit', () => {
    const budget = new RowBudget(2);
    expect([1, 2, 3].map((n) => budget.add(row('2026-01-01', 'steps', n)))).toEqual([
      true,
      true,
      false,
    ]);
    expect(budget.full).toBe('rows');
    expect(budget.rows).toEqual([
      ['2026-01-01', 'PhoneHealth', 'steps', 1, null, 'count', false],
      ['2026-01-01', 'PhoneHealth', 'steps', 2, null, 'count', false],
    ]);
  });

  it('stops before the byte budget is passed, and stays full', () => {
    const one =
      JSON.stringify(['2026-01-01', 'PhoneHealth', 'steps', 1, null, 'count', false]).length + 1;
    const budget = new RowBudget(100, one * 3 + 1);
    let added = 0;
    while (budget.add(row('2026-01-01', 'steps', 1))) added += 1;
    expect(added).toBe(3);
    expect(budget.full).toBe('bytes');
    expect(budget.bytes).toBeLessThanOrEqual(one * 3 + 1);
    expect(budget.add(row('2026-01-01', 'x', 1))).toBe(false);
  });
});

describe('MultiSourceDetector', () => {
  it('flags a metric with two rows on one day for one provider, and names its twin when present', () => {
    const d = new MultiSourceDetector();
    for (const r of [
      row('2026-01-01', 'steps', 1),
      row('2026-01-01', 'steps', 2),
      row('2026-01-01', 'steps_total', 3),
      row('2026-01-01', 'heart_rate', 60, true),
      row('2026-01-01', 'heart_rate', 70, true),
      row('2026-01-02', 'steps_total', 4),
    ]) {
      d.add(r);
    }
    const notes = d.notes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^steps has several rows on one day.*use steps_total \(in this answer\)/,
    );
  });
});

describe('twinsAmong', () => {
  it('pairs each metric with its _total twin, by name', () => {
    expect([...twinsAmong(['steps', 'steps_total', 'hrv', 'distance_total'])]).toEqual([
      ['steps', 'steps_total'],
    ]);
  });
});
