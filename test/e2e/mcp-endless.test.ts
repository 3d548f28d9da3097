// An API whose pages never end, each with a fresh 8 KB cursor: `healthdata mcp` (the built
// binary, spawned as a client does) stops reading at its bounds, answers in bounded time
// with a note saying where it stopped, and its memory stays bounded.
import { describe, expect, it } from 'vitest';
import { endless, hostileApi } from '../helpers/hostile-api.ts';
import { peakRssMb, spawnedServer } from '../helpers/mcp.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

describe('healthdata mcp against pages that never end', () => {
  it('daily_summary and query_metrics stop at their bounds, say so, and stay small', async () => {
    const numbers = endless({ perPage: 1000, cursorBytes: 8192 });
    const texts = endless({ perPage: 1000, cursorBytes: 8192, text: 1000 });
    const oneRow = endless({ perPage: 1, cursorBytes: 8192 });
    let pages = numbers;
    const server = await serve(hostileApi({ page: (n) => pages(n) }));
    const mcp = await spawnedServer(['--base-url', server.url], { HEALTHDATA_API_KEY: API_KEY });
    try {
      // 100 pages of 1000 numeric rows: the row bound.
      const [summary, ms] = await timed(() => mcp.call('daily_summary', {}));
      expect(summary.isError).toBe(false);
      expect(summary.structured['complete']).toBe(false);
      const notes = (summary.structured['notes'] as string[]).join(' ');
      expect(notes).toMatch(
        /Reading stopped before the last page: one summary reads at most 100000 rows/,
      );
      expect(notes).toMatch(/call again with to: "\d{4}-\d{2}-\d{2}"/);
      expect(summary.text.split('\n')[0]).toMatch(/INCOMPLETE/);
      expect(server.requests.filter((r) => r.path === '/api/v1/metrics').length).toBe(100);
      expect(ms).toBeLessThan(15_000);

      // Fresh 1000-character texts: each kept to its start and, past the text budget, counted
      // but not listed (src/daily/bounds.ts, the one bounded reader `summary` uses too); the
      // pages are read off their bytes, never parsed, up to the row bound.
      pages = texts;
      const mark = server.requests.length;
      const [text, textMs] = await timed(() => mcp.call('daily_summary', {}));
      expect(text.structured['complete']).toBe(false);
      expect((text.structured['notes'] as string[]).join(' ')).toMatch(
        /one summary reads at most 100000 rows/,
      );
      const entries = text.structured['entries'] as { note: string }[];
      expect(entries.some((e) => /rows counted but not listed by value/.test(e.note))).toBe(true);
      expect(server.requests.slice(mark).filter((r) => r.path === '/api/v1/metrics').length).toBe(
        100,
      );
      expect(textMs).toBeLessThan(15_000);

      // One row a page: the page bound of query_metrics.
      pages = oneRow;
      const rows = await mcp.call('query_metrics', {});
      expect(rows.structured['left_out_by']).toBe('page_cap');
      expect(rows.structured['row_count']).toBe(50);
      expect((rows.structured['notes'] as string[]).join(' ')).toMatch(/at most 50 pages/);

      // Full pages: query_metrics stops when its answer is full, after two of them.
      pages = numbers;
      const before = server.requests.length;
      const full = await mcp.call('query_metrics', {});
      expect(full.structured['complete']).toBe(false);
      expect(server.requests.length - before).toBeLessThanOrEqual(3);

      for (const got of [summary, text, rows, full]) {
        expect(got.bytes).toBeLessThanOrEqual(256 * 1024);
      }
      expect(peakRssMb(mcp.pid())).toBeLessThan(300);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
