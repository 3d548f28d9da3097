import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/api/errors.ts';
import { paginate } from '../../src/api/pagination/paginate.ts';
import type { FetchPage } from '../../src/api/pagination/types.ts';
import { DEFAULT_BOUNDS, RunBudget } from '../../src/api/pagination/run-budget.ts';
import { collect, fakeApi, fetched, meta, rowsFor } from '../helpers/fake-pages.ts';

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
      if (c === undefined) return api.fetchPage(q, c, l, s);
      // Page 2 is still on the wire when the consumer stops, however busy the machine is (a
      // fake that answered after a timer could finish first, and then there is nothing to abort).
      api.calls.push({ query: q, cursor: c, limit: l });
      signal = s;
      return new Promise((_, reject) => s.addEventListener('abort', () => reject(s.reason)));
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
    // Every guessed request was aborted (its answer never used: the rows above are exact), and
    // no other.
    expect(api.aborted().filter(Boolean).length).toBe(guessed.length);
  });

  it('never lets a guessed request ask for more rows than are left', async () => {
    const api = fakeApi(rowsFor(10, 10));
    await collect(paginate(api.fetchPage, {}, { pageSize: 30, maxRows: 70 }));
    expect(api.calls.map((c) => c.limit)).toEqual([30, 30, 10]);
  });
});

describe('bounds that do not depend on the server', () => {
  /** A server that never ends: one row a page, each with a fresh cursor of `size` bytes. */
  const endless =
    (size: number): FetchPage =>
    (_q, cursor) => {
      const n = cursor === undefined ? 0 : Number(cursor.slice(0, 8)) + 1;
      const next = String(n).padStart(8, '0').padEnd(size, 'x');
      return Promise.resolve(fetched({ data: rowsFor(1, 1), next_cursor: next, meta }));
    };

  it('stops past the pages a run may read, however fresh the cursors', async () => {
    const budget = new RunBudget({ maxPages: 50, maxCursorBytes: Infinity });
    const run = collect(paginate(endless(16), {}, { pageSize: 1, budget }));
    await expect(run).rejects.toThrow(/has sent 50 pages and still gives a next_cursor/);
  });

  it('stops past the cursor bytes a run may follow, over all its paginations', async () => {
    const budget = new RunBudget({ maxPages: Infinity, maxCursorBytes: 100_000 });
    // Two paginations share the budget: the second ends where the first left off.
    await expect(collect(paginate(endless(20_000), {}, { pageSize: 1, budget }))).rejects.toThrow(
      /cursors add up to over 98 KiB in 6 pages/,
    );
    await expect(collect(paginate(endless(20_000), {}, { pageSize: 1, budget }))).rejects.toThrow(
      ProtocolError,
    );
  });

  it('remembers cursors as digests: a repeat long after is still found', async () => {
    const cursors = [...Array.from({ length: 2000 }, (_, i) => `c${i}`), 'c7'];
    let i = 0;
    const fetchPage: FetchPage = () =>
      Promise.resolve(fetched({ data: rowsFor(1, 1), next_cursor: cursors[i++] ?? null, meta }));
    await expect(collect(paginate(fetchPage, {}, { pageSize: 1 }))).rejects.toThrow(
      /repeated a pagination cursor/,
    );
    expect(i).toBe(2001);
  });

  it('the default bounds are generous: an ordinary export never meets them', () => {
    expect(DEFAULT_BOUNDS.maxPages).toBeGreaterThanOrEqual(100_000);
    expect(DEFAULT_BOUNDS.maxCursorBytes).toBeGreaterThanOrEqual(32 * 1024 * 1024);
  });
});
