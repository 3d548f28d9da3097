// The one bounded summary reader (src/daily/bounded-reader.ts) against a server whose rows
// bring ever-new metric names, 2,000 characters each, page after page: `healthdata summary`
// stops with one line naming the bound (exit 1), and MCP `daily_summary` stops reading at the
// same bound and answers with what it read, saying so. The same bounds (src/daily/bounds.ts),
// two ways to meet them.
import { describe, expect, it } from 'vitest';
import { dayBefore, hostileApi, row } from '../helpers/hostile-api.ts';
import { inMemoryServer } from '../helpers/mcp.ts';
import { API_KEY, hd, useTestServers } from '../helpers/test-server.ts';
import { fixedClock } from '../helpers/cli.ts';

const serve = useTestServers();

/** Page n: 500 rows, each of a metric named nowhere before. */
const freshNames = (n: number) => ({
  data: Array.from({ length: 500 }, (_, i) =>
    row(dayBefore(n), `m${n}-${i}-`.padEnd(2000, 'x'), 'P', i),
  ),
  next: `c${n + 1}-`,
});

describe('the bounded summary reader, on the CLI and MCP', () => {
  it('summary fails at the bound; daily_summary stops there and says so', async () => {
    const server = await serve(hostileApi({ page: freshNames }));

    const cli = await hd(server.url, ['summary', '-f', 'csv', '--retries', '0']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(
      /the summary would keep over 32 MiB \([\d,]+ metric and provider lines, [\d,]+ days\): stopping — narrow it with -m, -p or --from\/--to/,
    );
    const cliPages = server.requests.filter((r) => r.path === '/api/v1/metrics').length;

    const mcp = await inMemoryServer(server.url, API_KEY, { clock: fixedClock('2026-11-22') });
    try {
      const mark = server.requests.length;
      const got = await mcp.call('daily_summary', {});
      expect(got.isError, got.text).toBe(false);
      expect(got.structured['complete']).toBe(false);
      expect((got.structured['notes'] as string[]).join(' ')).toMatch(
        /Reading stopped before the last page: one summary keeps at most 32 MiB of metric\/provider lines and days, and the API had more\. The entries cover the newest \d+ rows, back to \d{4}-\d{2}-\d{2}/,
      );
      // The same bound met at the same page: one reader (the paginator asks for the next page
      // before it reads this one, so that request may or may not have gone out by the stop).
      const pages = server.requests.slice(mark).filter((r) => r.path === '/api/v1/metrics');
      expect(Math.abs(pages.length - cliPages)).toBeLessThanOrEqual(1);
      expect(pages.length).toBeGreaterThan(10);
      // Names are clipped in the answer, as every MCP answer clips the API's names.
      const [entry] = got.structured['entries'] as { metric: string }[];
      expect(entry?.metric).toMatch(/…\[cut by healthdata: 1800 more characters\]$/);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
