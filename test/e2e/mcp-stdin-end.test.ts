// A script that pipes its requests into `healthdata mcp` and closes stdin gets every answer:
// the server finishes the calls it read before it exits (0), as a filter finishes its input,
// except a call the client cancelled, which MCP answers with nothing. The API here answers
// after 300 ms, so every call is still in flight when stdin ends.
import { describe, expect, it } from 'vitest';
import { hostileApi } from '../helpers/hostile-api.ts';
import { initializeLine, rawMcp } from '../helpers/mcp.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();
const slow =
  (handler: ReturnType<typeof hostileApi>): ReturnType<typeof hostileApi> =>
  (req, res, i) =>
    void setTimeout(() => void handler(req, res, i), 300);

describe('healthdata mcp when stdin ends', () => {
  it('answers the calls it read, not the cancelled one, then exits 0', async () => {
    const server = await serve(
      slow(hostileApi({ profile: { name: 'Ada', meta: { plan: 'pro' } } })),
    );
    const mcp = rawMcp(['-q', '--base-url', server.url], { HEALTHDATA_API_KEY: API_KEY });
    const call = (id: number, name: string, args: unknown = {}) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args },
      });
    const lines = [
      initializeLine(),
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      call(2, 'get_profile'),
      call(3, 'query_metrics', { from: '3d' }),
      call(4, 'list_sources'),
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}',
      call(5, 'get_profile'),
    ];
    const started = Date.now();
    mcp.child.stdin.end(`${lines.join('\n')}\n`);
    expect(await mcp.exited).toBe(0);
    // Well before the 30 s bound on answers owed: it left as soon as the last was written.
    expect(Date.now() - started).toBeLessThan(15_000);
    const answers = mcp
      .stdout()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { id: number; result?: { isError?: boolean } });
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 5]);
    for (const a of answers) expect(a.result?.isError ?? false).toBe(false);
  });
});
