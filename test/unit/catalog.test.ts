import { describe, expect, it } from 'vitest';
import { catalogMetrics } from '../../src/api/catalog.ts';

describe('catalogMetrics', () => {
  it('reads names from records, plain names, or a bare array', () => {
    const records = catalogMetrics({
      metrics: [{ metric: 'steps', unit: 'count' }, { name: 'hrv' }],
    });
    expect([...(records?.values() ?? [])]).toEqual([
      { metric: 'steps', unit: 'count' },
      { metric: 'hrv', unit: null },
    ]);
    expect([...(catalogMetrics({ data: ['a', 'b'] })?.keys() ?? [])]).toEqual(['a', 'b']);
    expect([...(catalogMetrics(['x'])?.keys() ?? [])]).toEqual(['x']);
    expect(catalogMetrics({ metrics: [] })?.size).toBe(0);
  });

  it('says "unknown" rather than "empty" for a shape it cannot read', () => {
    expect(catalogMetrics({ something: 'else' })).toBeUndefined();
    expect(catalogMetrics({ metrics: [{ id: 1 }] })).toBeUndefined();
    expect(catalogMetrics(null)).toBeUndefined();
  });
});
