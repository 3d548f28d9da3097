import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { get, page, start } from '../helpers/sandbox.ts';

interface Catalog {
  metrics: Array<{ metric: string; providers: string[]; rows: number }>;
}

const catalogRows = async (sb: Sandbox) => {
  const body = (await get<Catalog>(sb, '/api/v1/catalog')).body;
  return new Map(body.metrics.map((m) => [m.metric, m.rows]));
};

describe('scale', () => {
  it('multiplies only the streamed samples, so rows grow linearly with scale', async () => {
    const counts: number[] = [];
    let base: Map<string, number> | undefined;
    for (const scale of [1, 2, 3]) {
      const sb = await start({ plan: 'unlimited', scale });
      try {
        counts.push(sb.rowCount);
        const rows = await catalogRows(sb);
        base ??= rows;
        for (const [metric, n] of rows) {
          const streamed = metric === 'heart_rate' || metric === 'spo2';
          expect(n).toBe(streamed ? (base.get(metric) ?? 0) * scale : base.get(metric));
        }
      } finally {
        await sb.close();
      }
    }
    const [one = 0, two = 0, three = 0] = counts;
    expect(three - two).toBe(two - one);
    // The documented figures (seed 1, today 2026-11-22): 29,799 + 38,400 per scale unit.
    expect(one).toBe(29_799 + 38_400);
  });

  // How fast it starts and pages is measured by npm run bench, not asserted here: the tests
  // share busy cores.
  it('reaches 300k rows at scale 8 and 1M rows at scale 26', async () => {
    const sb = await start({ plan: 'unlimited', scale: 26 });
    try {
      expect(sb.rowCount).toBe(1_028_199);
      expect(29_799 + 38_400 * 8).toBeGreaterThanOrEqual(300_000);
      expect(29_799 + 38_400 * 7).toBeLessThan(300_000);
      const first = await page(sb, 'limit=1000');
      const next = await page(sb, `limit=1000&cursor=${first.next_cursor ?? ''}`);
      expect(next.data).toHaveLength(1000);
    } finally {
      await sb.close();
    }
  });
});
