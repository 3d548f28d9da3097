import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { RowBudget } from '../../src/mcp/compact-rows.ts';

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
  it('groups rows into series with parallel arrays, in the order given', () => {
    const budget = new RowBudget(10);
    budget.add(row('2026-01-02', 'steps', 2));
    budget.add(row('2026-01-02', 'hrv', 50));
    budget.add(row('2026-01-01', 'steps', 1));
    budget.add({ ...row('2026-01-01', 'steps', 0), numValue: null, textValue: 'n/a' });
    expect(budget.series()).toEqual([
      {
        provider: 'PhoneHealth',
        metric: 'steps',
        unit: 'count',
        stream: false,
        date: ['2026-01-02', '2026-01-01', '2026-01-01'],
        value: [2, 1, null],
        text: [null, null, 'n/a'],
      },
      {
        provider: 'PhoneHealth',
        metric: 'hrv',
        unit: 'count',
        stream: false,
        date: ['2026-01-02'],
        value: [50],
      },
    ]);
    expect([budget.rows, budget.newest, budget.oldest]).toEqual([4, '2026-01-02', '2026-01-01']);
  });

  it('stops at the row limit', () => {
    const budget = new RowBudget(2);
    expect([1, 2, 3].map((n) => budget.add(row('2026-01-01', 'steps', n)))).toEqual([
      true,
      true,
      false,
    ]);
    expect(budget.full).toBe('rows');
    expect(budget.rows).toBe(2);
  });

  it('stops before the size budget is passed, counts about what the JSON costs, and stays full', () => {
    const budget = new RowBudget(10_000, 2_000);
    let added = 0;
    while (budget.add(row('2026-01-01', 'steps', 12345))) added += 1;
    expect(budget.full).toBe('size');
    expect(budget.bytes).toBeLessThanOrEqual(2_000);
    const json = JSON.stringify(budget.series()).length;
    expect(json).toBeLessThanOrEqual(2_000);
    expect(json).toBeGreaterThan(2_000 * 0.8);
    expect(budget.rows).toBe(added);
    expect(budget.add(row('2026-01-01', 'x', 1))).toBe(false);
  });

  it('puts rows whose names clip alike into one series, counting its overhead once', () => {
    const long = 'P'.repeat(300);
    const budget = new RowBudget(10);
    budget.add({ ...row('2026-01-02', 'steps', 1), provider: `${long}-a` });
    const before = budget.bytes;
    budget.add({ ...row('2026-01-01', 'steps', 2), provider: `${long}-b` });
    budget.add({ ...row('2026-01-01', 'steps', 3), provider: `${long}-a` });
    const [series, ...more] = budget.series();
    expect(more).toEqual([]);
    expect(series?.provider).toBe(`${'P'.repeat(200)}…[cut by healthdata: 102 more characters]`);
    expect(series?.value).toEqual([1, 2, 3]);
    // The second and third rows cost what the first row's own part cost, not a new series.
    expect(budget.bytes - before).toBe(2 * ('"2026-01-01"'.length + 1 + 2));
  });
});
