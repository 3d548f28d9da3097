// `healthdata mcp --http`: Streamable HTTP on loopback, reached with the SDK's own HTTP client.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { BIN, ROOT } from '../helpers/spawn.ts';
import { TODAY_ENV } from '../helpers/today.ts';

const sandbox = useSandbox();

describe('healthdata mcp --http', () => {
  it('serves the tools on 127.0.0.1, refuses a foreign Host and a 5 MB body, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0'], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        HEALTHDATA_CONFIG_DIR: tempDir(),
        ...TODAY_ENV,
        HEALTHDATA_BASE_URL: sandbox.current.url,
        HEALTHDATA_API_KEY: sandbox.current.apiKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (s: string) => {
        stderr += s;
        const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found?.[1]) resolve(found[1]);
      });
      child.on('close', () => reject(new Error(`exited early: ${stderr}`)));
    });

    const client = new Client({ name: 'healthdata-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
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
          headers: { host: 'evil.example', 'content-type': 'application/json' },
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
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"${'x'.repeat(5 << 20)}"}}`,
    });
    expect(huge.status).toBe(413);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).not.toContain(sandbox.current.apiKey);
  });
});
