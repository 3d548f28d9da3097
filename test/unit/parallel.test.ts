// --parallel: splitting a date range into partitions, and fetching them concurrently while the
// output keeps the sequential order.
import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/api/pagination/paginate.ts';
import { paginateParallel } from '../../src/api/pagination/parallel.ts';
import { partitionQuery } from '../../src/api/pagination/partition.ts';
import type { FetchPage } from '../../src/api/pagination/types.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { collect, fakeApi, meta, rowsFor } from '../helpers/fake-pages.ts';

describe('partitionQuery', () => {
  it('covers the range with contiguous, non-overlapping partitions, newest first', () => {
    const parts = partitionQuery({ metric: ['steps'] }, '2026-01-01', '2026-01-10', 3);
    expect(parts).toEqual([
      { metric: ['steps'], from: '2026-01-07' },
      { metric: ['steps'], from: '2026-01-04', to: '2026-01-06' },
      { metric: ['steps'], to: '2026-01-03' },
    ]);
  });

  it('keeps the query’s own from and to at the ends and never makes more partitions than days', () => {
    const parts = partitionQuery(
      { from: '2020-01-01', to: '2026-01-02' },
      '2026-01-01',
      '2026-01-02',
      8,
    );
    expect(parts).toEqual([
      { from: '2026-01-02', to: '2026-01-02' },
      { from: '2020-01-01', to: '2026-01-01' },
    ]);
  });
});

describe('paginateParallel', () => {
  it('writes exactly the sequential output across partition boundaries', async () => {
    const rows = rowsFor(40, 9);
    const sequential = await collect(paginate(fakeApi(rows).fetchPage, {}, { pageSize: 7 }));
    for (const n of [2, 3, 4, 7]) {
      const api = fakeApi(rows);
      const parts = partitionQuery({}, '2026-10-14', '2026-11-22', n);
      const parallel = await collect(
        paginateParallel(api.fetchPage, parts, { pageSize: 7, depth: 2, concurrency: n }),
      );
      expect(parallel).toEqual(sequential);
    }
  });

  it('honours maxRows and stops the other partitions', async () => {
    const rows = rowsFor(40, 9);
    const api = fakeApi(rows);
    const parts = partitionQuery({}, '2026-10-14', '2026-11-22', 4);
    const pages = [];
    for await (const p of paginateParallel(api.fetchPage, parts, {
      pageSize: 7,
      depth: 2,
      concurrency: 4,
      maxRows: 20,
    }))
      pages.push(p);
    expect(pages.flatMap((p) => p.data)).toEqual(rows.slice(0, 20));
    expect(pages.at(-1)?.cut).toBe(true);
    // Bounded look-ahead: far fewer requests than the whole export would need.
    expect(api.calls.length).toBeLessThan(20);
  });

  it('keeps `concurrency` partitions in flight and bounds how far they run ahead', async () => {
    const rows = rowsFor(60, 9);
    const api = fakeApi(rows);
    let inFlight = 0;
    let maxInFlight = 0;
    let fetched = 0;
    let consumed = 0;
    let maxAhead = 0;
    const counting: FetchPage = async (q, c, l, s) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await api.fetchPage(q, c, l, s);
      } finally {
        inFlight--;
        fetched++;
        maxAhead = Math.max(maxAhead, fetched - consumed);
      }
    };
    const parts = partitionQuery({}, '2026-09-24', '2026-11-22', 20);
    const out: MetricRow[] = [];
    for await (const page of paginateParallel(counting, parts, {
      pageSize: 9,
      depth: 2,
      concurrency: 4,
    })) {
      consumed++;
      out.push(...page.data);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(out).toEqual(rows);
    expect(maxInFlight).toBeGreaterThanOrEqual(3);
    expect(maxInFlight).toBeLessThanOrEqual(4 * 2);
    // At most 2 × concurrency partitions are open, each holding depth pages plus one in flight.
    expect(maxAhead).toBeLessThanOrEqual(2 * 4 * (2 + 1));
    expect(maxAhead).toBeLessThan(60);
  });

  it('writes a lead page before the partitions', async () => {
    const rows = rowsFor(10, 3);
    const lead = { data: rows.slice(0, 6), next_cursor: 'x', meta };
    const parts = partitionQuery({ to: '2026-11-20' }, '2026-11-13', '2026-11-20', 3);
    const out = await collect(
      paginateParallel(fakeApi(rows).fetchPage, parts, {
        pageSize: 4,
        depth: 2,
        concurrency: 2,
        lead,
      }),
    );
    expect(out).toEqual(rows);
  });
});
