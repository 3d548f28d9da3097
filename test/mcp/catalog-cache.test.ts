// The tools read the catalog once for many calls of names it lists, and read it again for a
// name it lacks or once the read is CATALOG_TTL_MS old: a real server over loopback whose
// catalog grows a metric mid-session, and which counts the catalog reads.
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_TTL_MS } from '../../src/mcp/catalog-cache.ts';
import { fixedClock } from '../helpers/cli.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import {
  API_KEY,
  pageBody,
  send,
  useTestServers,
  type TestServer,
} from '../helpers/test-server.ts';

const serve = useTestServers();
let mcp: McpPair | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

const row = (metric: string, numValue: number) => ({
  date: '2026-11-21',
  provider: 'Watch',
  metric,
  numValue,
  textValue: null,
  unit: 'count',
  stream: false,
});

/** A server whose catalog lists `catalog` (mutable), and whose pages hold a row per named metric. */
async function api(catalog: string[], catalogDelayMs = 0): Promise<TestServer> {
  return serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v1/catalog') {
      const metrics = catalog.map((metric) => ({ metric, providers: ['Watch'] }));
      setTimeout(() => send(res, 200, JSON.stringify({ metrics })), catalogDelayMs);
      return;
    }
    const named = url.searchParams.getAll('metric').flatMap((m) => m.split(','));
    send(
      res,
      200,
      pageBody(
        named.filter((m) => catalog.includes(m)).map((m) => row(m, 1)),
        null,
      ),
    );
  });
}

const catalogReads = (server: TestServer): number =>
  server.requests.filter((r) => r.path === '/api/v1/catalog').length;

describe('the tools and the catalog', () => {
  it('reads the catalog once for many calls of the names it lists', async () => {
    const server = await api(['steps', 'hrv']);
    mcp = await inMemoryServer(server.url, API_KEY);
    for (const metrics of [['steps'], ['hrv', 'steps'], ['steps']]) {
      const got = await mcp.call('query_metrics', { metrics, from: '3d' });
      expect(got.isError).toBe(false);
      expect(got.structured['row_count']).toBe(metrics.length);
    }
    expect(catalogReads(server)).toBe(1);
    // Calls without names need no catalog at all.
    await mcp.call('query_metrics', { from: '3d' });
    expect(catalogReads(server)).toBe(1);
  });

  it('reads it again for a name the last read lacks: a new metric is found, not refused', async () => {
    const catalog = ['steps'];
    const server = await api(catalog);
    mcp = await inMemoryServer(server.url, API_KEY);
    await mcp.call('query_metrics', { metrics: ['steps'], from: '3d' });
    // The user connects a device: `stepz` would be a typo of `steps` in the first read.
    catalog.push('stepz');
    const got = await mcp.call('query_metrics', { metrics: ['stepz'], from: '3d' });
    expect(got.isError).toBe(false);
    expect(got.structured['row_count']).toBe(1);
    expect(got.structured['notes']).toEqual([]);
    expect(catalogReads(server)).toBe(2);
  });

  it('still refuses a typo and notes an absent name, each after a fresh read', async () => {
    const server = await api(['steps_total']);
    mcp = await inMemoryServer(server.url, API_KEY);
    await mcp.call('query_metrics', { metrics: ['steps_total'], from: '3d' });
    const typo = await mcp.call('query_metrics', { metrics: ['stepz_total'], from: '3d' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toContain("did you mean 'steps_total'?");
    const absent = await mcp.call('query_metrics', { metrics: ['zzzzzzzzzz'], from: '3d' });
    expect(absent.isError).toBe(false);
    expect(absent.structured['notes']).toContain(
      "No metric named 'zzzzzzzzzz' in your catalog: it has no rows in your plan's window.",
    );
    expect(catalogReads(server)).toBe(3);
  });

  it('reads it again once the last read is CATALOG_TTL_MS old', async () => {
    const server = await api(['steps']);
    const clock = fixedClock('2026-11-22');
    mcp = await inMemoryServer(server.url, API_KEY, { clock });
    await mcp.call('query_metrics', { metrics: ['steps'], from: '3d' });
    await clock.sleep(CATALOG_TTL_MS - 1);
    await mcp.call('query_metrics', { metrics: ['steps'], from: '3d' });
    expect(catalogReads(server)).toBe(1);
    await clock.sleep(1);
    await mcp.call('query_metrics', { metrics: ['steps'], from: '3d' });
    expect(catalogReads(server)).toBe(2);
  });

  it('is shared by the daily tools; a metric that appeared since comes from a fresh read', async () => {
    const catalog = ['steps', 'hrv'];
    const server = await api(catalog);
    mcp = await inMemoryServer(server.url, API_KEY);
    const first = await mcp.call('daily_summary', { metrics: ['steps'], from: '3d' });
    expect(first.isError).toBe(false);
    await mcp.call('query_metrics', { metrics: ['hrv'], from: '3d' });
    await mcp.call('trend', { metrics: ['steps', 'hrv'], from: '3d', by: 'week' });
    expect(catalogReads(server)).toBe(1);
    // A name the read lacks reads the catalog again, and that read answers from then on.
    catalog.push('weight');
    const weight = await mcp.call('daily_summary', { metrics: ['weight'], from: '3d' });
    expect(weight.isError).toBe(false);
    expect(weight.structured['notes']).not.toContain(
      "No metric named 'weight' in your catalog: it has no rows in your plan's window.",
    );
    await mcp.call('daily_summary', { metrics: ['weight', 'steps'], from: '3d' });
    expect(catalogReads(server)).toBe(2);
  });

  it('calls sent at once share one read', async () => {
    const server = await api(['steps', 'hrv'], 150);
    mcp = await inMemoryServer(server.url, API_KEY);
    const answers = await Promise.all([
      mcp.call('query_metrics', { metrics: ['steps'], from: '3d' }),
      mcp.call('query_metrics', { metrics: ['hrv'], from: '3d' }),
      mcp.call('daily_summary', { metrics: ['steps', 'hrv'], from: '3d' }),
    ]);
    for (const a of answers) expect(a.isError, a.text).toBe(false);
    expect(catalogReads(server)).toBe(1);
  });

  it('a call whose shared read was cancelled with another call reads its own', async () => {
    const server = await api(['steps'], 150);
    mcp = await inMemoryServer(server.url, API_KEY);
    const cancel = new AbortController();
    // The first call starts the read; the client cancels it while the catalog is slow.
    const first = mcp.client
      .callTool(
        { name: 'query_metrics', arguments: { metrics: ['steps'], from: '3d' } },
        { signal: cancel.signal },
      )
      .catch((error: unknown) => error);
    // Until the first call's read reached the server (a fixed 30 ms was not enough on a busy
    // machine: the cancel came before the read began, and there was nothing to share).
    while (catalogReads(server) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = mcp.call('query_metrics', { metrics: ['steps'], from: '3d' });
    cancel.abort();
    expect(await first).toBeInstanceOf(Error);
    const got = await second;
    expect(got.isError, got.text).toBe(false);
    expect(got.structured['row_count']).toBe(1);
    expect(catalogReads(server)).toBe(2);
  });
});
