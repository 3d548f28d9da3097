import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/api/errors.ts';
import { paginate } from '../../src/api/pagination/paginate.ts';
import type { FetchedPage, FetchPage } from '../../src/api/pagination/types.ts';
import { paginateParallel } from '../../src/api/pagination/parallel.ts';
import { partitionQuery } from '../../src/api/pagination/partition.ts';
import type { MetricRow, MetricsPage, MetricsQuery } from '../../src/api/types.ts';
import { addDays } from '../../src/lib/dates.ts';

const meta = { plan: 'pro', history_window_days: 365, history_floor: '2026-01-01', source_cap: 3 };

/** A fetched page whose cursor hint is right unless told otherwise. */
function fetched(
  page: MetricsPage,
  hint: string | null | undefined = page.next_cursor,
): FetchedPage {
  return { cursorHint: hint, parse: () => page };
}

/** An in-memory API over `rows` (newest first) with cursors that are deliberately not offsets. */
function fakeApi(rows: MetricRow[]) {
  const calls: { query: MetricsQuery; cursor: string | undefined; limit: number }[] = [];
  const aborted: boolean[] = [];
  const fetchPage: FetchPage = async (query, cursor, limit, signal) => {
    calls.push({ query, cursor, limit });
    await new Promise((r) => setTimeout(r, 1));
    aborted.push(signal.aborted);
    const matching = rows.filter(
      (r) =>
        (query.from === undefined || r.date >= query.from) &&
        (query.to === undefined || r.date <= query.to),
    );
    // Standard base64 has '+', '/' and '=': characters that must survive URL encoding.
    const offset =
      cursor === undefined ? 0 : Number(Buffer.from(cursor, 'base64').toString().slice(4, -3));
    const data = matching.slice(offset, offset + limit);
    const end = offset + data.length;
    const next = end < matching.length ? Buffer.from(`pos:${end}??>`).toString('base64') : null;
    return fetched({ data, next_cursor: next, meta });
  };
  return { fetchPage, calls, aborted };
}

function rowsFor(days: number, perDay: number, newest = '2026-11-22'): MetricRow[] {
  const rows: MetricRow[] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      rows.push({
        date: addDays(newest, -d),
        provider: 'P',
        metric: `m${i}`,
        numValue: d * 100 + i,
        textValue: null,
        unit: null,
        stream: false,
      });
    }
  }
  return rows;
}

async function collect<T>(pages: AsyncIterable<{ data: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page.data);
  return out;
}

describe('paginate', () => {
  it('follows every cursor and yields every row once, in order', async () => {
    const rows = rowsFor(50, 7);
    const api = fakeApi(rows);
    expect(await collect(paginate(api.fetchPage, {}, { pageSize: 16 }))).toEqual(rows);
    expect(api.calls).toHaveLength(Math.ceil(rows.length / 16));
    expect(api.calls[0]?.cursor).toBeUndefined();
  });

  it('sends each cursor back exactly as received', async () => {
    const seen: (string | undefined)[] = [];
    const cursors = ['a b+c/=', '%2F', 'ü'];
    const fetchPage: FetchPage = (_q, cursor) => {
      seen.push(cursor);
      const i = seen.length - 1;
      return Promise.resolve(fetched({ data: [], next_cursor: cursors[i] ?? null, meta }));
    };
    await collect(paginate(fetchPage, {}, { pageSize: 10 }));
    expect(seen).toEqual([undefined, ...cursors]);
  });

  it('stops at maxRows and sizes the last request to what is left', async () => {
    const api = fakeApi(rowsFor(10, 10));
    const pages = [];
    for await (const page of paginate(api.fetchPage, {}, { pageSize: 30, maxRows: 75 }))
      pages.push(page);
    expect(pages.flatMap((p) => p.data)).toHaveLength(75);
    expect(api.calls.map((c) => c.limit)).toEqual([30, 30, 15]);
    expect(pages.at(-1)?.cut).toBe(true);
  });

  it('does not report a cut when the cap equals the number of rows', async () => {
    const api = fakeApi(rowsFor(2, 10));
    const pages = [];
    for await (const page of paginate(api.fetchPage, {}, { pageSize: 30, maxRows: 20 }))
      pages.push(page);
    expect(pages.some((p) => p.cut)).toBe(false);
  });

  it('fails on a repeated cursor instead of looping', async () => {
    const fetchPage: FetchPage = () =>
      Promise.resolve(fetched({ data: rowsFor(1, 1), next_cursor: 'same', meta }));
    await expect(collect(paginate(fetchPage, {}, { pageSize: 1 }))).rejects.toThrow(ProtocolError);
  });

  it('prefetches the next page and aborts it when the consumer stops', async () => {
    const api = fakeApi(rowsFor(10, 10));
    let signal: AbortSignal | undefined;
    const fetchPage: FetchPage = (q, c, l, s) => {
      signal = s;
      return api.fetchPage(q, c, l, s);
    };
    for await (const page of paginate(fetchPage, {}, { pageSize: 10 })) {
      expect(page.data).toHaveLength(10);
      // The request for page 2 is already out while page 1 is being consumed.
      expect(api.calls).toHaveLength(2);
      break;
    }
    expect(signal?.aborted).toBe(true);
  });
});

describe('paginate: requesting the next page before parsing this one', () => {
  it('sends the request for page N+1 before page N is parsed', async () => {
    const api = fakeApi(rowsFor(10, 10));
    const callsAtParse: number[] = [];
    const fetchPage: FetchPage = async (q, c, l, s) => {
      const page = await api.fetchPage(q, c, l, s);
      return {
        cursorHint: page.cursorHint,
        parse: () => {
          callsAtParse.push(api.calls.length);
          return page.parse();
        },
      };
    };
    const rows = await collect(paginate(fetchPage, {}, { pageSize: 30 }));
    expect(rows).toHaveLength(100);
    expect(callsAtParse).toEqual([2, 3, 4, 4]);
  });

  it('aborts a request sent on a wrong hint and follows the parsed cursor instead', async () => {
    const rows = rowsFor(10, 10);
    const api = fakeApi(rows);
    const lying: FetchPage = async (q, c, l, s) => {
      const page = (await api.fetchPage(q, c, l, s)).parse();
      return fetched(page, page.next_cursor === null ? null : 'not-the-cursor');
    };
    expect(await collect(paginate(lying, {}, { pageSize: 25 }))).toEqual(rows);
    const guessed = api.calls.filter((c) => c.cursor === 'not-the-cursor');
    expect(guessed.length).toBeGreaterThan(0);
    // Every guessed request was aborted before its answer was used.
    expect(api.aborted.filter(Boolean).length).toBe(guessed.length);
  });

  it('never lets a guessed request ask for more rows than are left', async () => {
    const api = fakeApi(rowsFor(10, 10));
    await collect(paginate(api.fetchPage, {}, { pageSize: 30, maxRows: 70 }));
    expect(api.calls.map((c) => c.limit)).toEqual([30, 30, 10]);
  });
});

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
