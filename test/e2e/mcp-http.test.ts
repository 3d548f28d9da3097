// `healthdata mcp --http`: Streamable HTTP on loopback, reached with the SDK's own HTTP client
// (the bearer token's own tests: mcp-http-token.test.ts).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { connectHttp, mcpToken, startMcpHttp } from '../helpers/mcp-http.ts';

const sandbox = useSandbox();

describe('healthdata mcp --http', () => {
  it('serves the tools on 127.0.0.1, refuses a foreign Host and a 5 MB body, and stops on SIGTERM', async () => {
    const configDir = tempDir();
    const server = await startMcpHttp({
      HEALTHDATA_CONFIG_DIR: configDir,
      HEALTHDATA_BASE_URL: sandbox.current.url,
      HEALTHDATA_API_KEY: sandbox.current.apiKey,
    });
    const url = server.url;
    const token = await mcpToken(configDir);

    const client = await connectHttp(url, token);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(9);
    const from = addDays(TODAY, -10);
    const expected = await allRows(sandbox.current, `metric=steps_total&from=${from}`, 1000);
    const result = await client.callTool({
      name: 'query_metrics',
      arguments: { metrics: ['steps_total'], from },
    });
    const [series] = (result.structuredContent as { series: { value: number[] }[] }).series;
    expect(series?.value).toEqual(expected.map((r) => r.numValue));
    await client.close();

    // DNS rebinding: a page on another origin that resolves to 127.0.0.1 sends its own Host.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          // With the token even: the Host check stands on its own.
          headers: {
            host: 'evil.example',
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    });
    expect(status).toBe(403);

    // A body over 4 MiB is refused before it is read whole (the SDK's limit, as on stdio).
    const huge = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"${'x'.repeat(5 << 20)}"}}`,
    });
    expect(huge.status).toBe(413);

    expect(await server.stop()).toBe(143);
    expect(server.stdout()).toBe('');
    expect(server.stderr()).not.toContain(sandbox.current.apiKey);
  });
});
