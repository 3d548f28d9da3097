// Requests the server cannot take: a line over the 4 MiB limit, a line that is not JSON, JSON
// that is not JSON-RPC, names longer than any real one. Each gets an error, the server keeps
// serving, and nothing reaches the API.
import { describe, expect, it } from 'vitest';
import { initializeLine, inMemoryServer, rawMcp, spawnedServer } from '../helpers/mcp.ts';
import { hostileApi } from '../helpers/hostile-api.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();
const HUGE_NAME = 'x'.repeat(8 * 1024 * 1024);

describe('oversized and malformed requests', () => {
  it('an 8 MB name from the SDK client gets -32600 with its id; the server keeps serving; the API hears nothing', async () => {
    const server = await serve(hostileApi({}));
    const mcp = await spawnedServer(['--base-url', server.url], { HEALTHDATA_API_KEY: API_KEY });
    try {
      const refused = await mcp
        .call('query_metrics', { metrics: [HUGE_NAME] })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: -32600 });
      expect(String((refused as Error).message)).toMatch(/over the 4194304-byte limit/);
      const long = await mcp.call('daily_summary', { providers: ['p'.repeat(201)] });
      expect(long.isError).toBe(true);
      expect(long.text).toMatch(/provider names are at most 200 characters/);
      expect(server.requests).toEqual([]);
      const fine = await mcp.call('get_profile');
      expect(fine.isError).toBe(false);
      expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/profile']);
    } finally {
      await mcp.close();
    }
  });

  it('without a line limit (in-process), the schema refuses an 8 MB name before any request', async () => {
    const server = await serve(hostileApi({}));
    const mcp = await inMemoryServer(server.url, API_KEY);
    try {
      for (const tool of ['query_metrics', 'daily_summary']) {
        const got = await mcp.call(tool, { metrics: [HUGE_NAME] });
        expect(got.isError).toBe(true);
        expect(got.text).toMatch(/metric names are at most 200 characters/);
        expect(got.text.length).toBeLessThan(5000);
      }
      expect(server.requests).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it('raw lines: 11 MB, not JSON, not JSON-RPC each get their JSON-RPC error, then tools/list still works', async () => {
    const mcp = rawMcp(['--demo']);
    const { child } = mcp;
    const answered = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () =>
          mcp.stdout().split('\n').length > n ? resolve() : setTimeout(check, 10);
        check();
      });
    const write = (line: string) => child.stdin.write(`${line}\n`);
    write(initializeLine());
    write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await answered(1);
    // 11 MB, the id last (as the SDK's client writes it), in pieces as a pipe delivers it.
    const big = `{"method":"tools/call","params":{"name":"query_metrics","arguments":{"metrics":["${'y'.repeat(11 * 1024 * 1024)}"]}},"jsonrpc":"2.0","id":9}`;
    for (let i = 0; i < big.length; i += 1 << 20) child.stdin.write(big.slice(i, i + (1 << 20)));
    child.stdin.write('\n');
    await answered(2);
    write('this is not json');
    await answered(3);
    write('{"id":"x","hello":"world"}');
    await answered(4);
    write('{"jsonrpc":"2.0","id":10,"method":"tools/list"}');
    await answered(5);
    child.stdin.end();
    expect(await mcp.exited).toBe(0);
    const messages = mcp
      .stdout()
      .split('\n')
      .filter((l) => l !== '')
      .map(
        (l) =>
          JSON.parse(l) as {
            id: unknown;
            error?: { code: number };
            result?: { tools?: unknown[] };
          },
      );
    expect(messages.map((m) => [m.id, m.error?.code ?? 'result'])).toEqual([
      [1, 'result'],
      [9, -32600],
      [null, -32700],
      ['x', -32600],
      [10, 'result'],
    ]);
    expect(messages[4]?.result?.tools).toHaveLength(9);
  });
});
