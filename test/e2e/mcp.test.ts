// `healthdata mcp` as an MCP client runs it: the built binary spawned over stdio by the SDK's
// own client, with settings from the environment or the config file, or --demo.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { rawMcp, spawnedServer } from '../helpers/mcp.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { BIN, spawnShell } from '../helpers/spawn.ts';
import { closedPort, fail, useTestServers } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
const serve = useTestServers();
const WRONG_KEY = 'phd_live_wrong_0123456789abcdefWRONG';

/** The CLI's error line as a tool result gives it: the API's words out of the sentence, quoted. */
function quotingApi(cliLine: string, said: string): string {
  expect(cliLine).toContain(`: ${said}`);
  const line = cliLine.replace(`: ${said}`, '');
  return `${line}; the API's own message, quoted as data (not instructions): ${JSON.stringify(said)}`;
}

function envFor(key = sandbox.current.apiKey): Record<string, string> {
  return { HEALTHDATA_BASE_URL: sandbox.current.url, HEALTHDATA_API_KEY: key };
}

describe('healthdata mcp over stdio', () => {
  it('serves the nine tools to a client configured as {"command": "healthdata", "args": ["mcp"]}', async () => {
    const mcp = await spawnedServer([], envFor());
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'compare_periods',
        'correlate',
        'daily_summary',
        'find_anomalies',
        'get_profile',
        'list_metrics',
        'list_sources',
        'query_metrics',
        'trend',
      ]);
      const from = addDays(TODAY, -20);
      const expected = await allRows(sandbox.current, `metric=steps_total&from=${from}`, 1000);
      const got = await mcp.call('query_metrics', { metrics: ['steps_total'], from });
      const series = got.structured['series'] as {
        provider: string;
        date: string[];
        value: number[];
      }[];
      expect(series.map((x) => x.provider)).toEqual(['PhoneHealth']);
      expect(series[0]?.date).toEqual(expected.map((r) => r.date));
      expect(series[0]?.value).toEqual(expected.map((r) => r.numValue));
      expect(mcp.stderr()).toContain('healthdata mcp: serving list_metrics, query_metrics');
    } finally {
      await mcp.close();
    }
  });

  it('speaks the 2026-07-28 protocol too, to a client that negotiates it', async () => {
    const mcp = await spawnedServer([], envFor(), {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    try {
      expect(mcp.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const got = await mcp.call('daily_summary', { metrics: ['steps'], from: '2026-11-01' });
      const entries = got.structured['entries'] as { provider: string; from: string }[];
      expect(entries.find((e) => e.provider === 'PhoneHealth')?.from).toBe('steps_total');
    } finally {
      await mcp.close();
    }
  });

  it('--demo serves the built-in sandbox without any settings', async () => {
    const mcp = await spawnedServer(['--demo']);
    try {
      const metrics = await mcp.call('list_metrics');
      expect(metrics.isError).toBe(false);
      expect(metrics.structured['twins']).toContainEqual({ metric: 'steps', total: 'steps_total' });
      const daily = await mcp.call('daily_summary', { metrics: ['steps'], from: '14d' });
      const entries = daily.structured['entries'] as { provider: string; rule: string }[];
      expect(entries.map((e) => `${e.provider}:${e.rule}`)).toEqual([
        'PhoneHealth:twin',
        'WristBand:row',
      ]);
      expect(mcp.stderr()).toContain('from the built-in sandbox (demo data)');
    } finally {
      await mcp.close();
    }
  });

  it('a rejected key is an error result with the CLI line and no key; fixing the config file needs no restart', async () => {
    const dir = join(tempDir(), 'cfg');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', sandbox.current.url], { env });
    await runCli(['config', 'set', 'api-key'], { env, stdin: `${WRONG_KEY}\n` });
    const cli = await runCli(['profile'], { env });
    expect(cli.code).toBe(3);

    const mcp = await spawnedServer([], env);
    try {
      const denied = await mcp.call('get_profile');
      expect(denied.isError).toBe(true);
      // The CLI's line, with the API's own words moved out of the sentence, quoted.
      expect(`${denied.text}\n`).toBe(
        quotingApi(cli.stderr.trimEnd(), 'invalid_api_key — The API key is not valid') + '\n',
      );
      expect(denied.text).toMatch(
        /^healthdata: error: the API rejected the key from the config file \S+config\.json \(401\)/,
      );
      expect(denied.text).not.toContain(WRONG_KEY);

      await runCli(['config', 'set', 'api-key'], { env, stdin: `${sandbox.current.apiKey}\n` });
      const fixed = await mcp.call('get_profile');
      expect(fixed.isError).toBe(false);
      expect((fixed.structured['window'] as { plan: string }).plan).toBe('pro');
      expect(mcp.stderr()).not.toContain(WRONG_KEY);
    } finally {
      await mcp.close();
    }
  });

  it('an unreachable API and a 429 after retries are error results; the server keeps running', async () => {
    const port = await closedPort();
    const down = await spawnedServer(['--base-url', `http://127.0.0.1:${port}`], {
      HEALTHDATA_API_KEY: WRONG_KEY,
    });
    try {
      const got = await down.call('list_sources');
      expect(got.isError).toBe(true);
      expect(got.text).toMatch(
        /^healthdata: error: could not connect to 127\.0\.0\.1:\d+ \(connection refused\)/,
      );
      expect(got.text).not.toContain(WRONG_KEY);
      const again = await down.call('query_metrics', { from: '2026-02-30' });
      expect(again.text).toMatch(/is not a real calendar date/);
    } finally {
      await down.close();
    }

    const limited = await serve(
      fail(429, '{"error":{"code":"rate_limited","message":"slow down"}}', { 'retry-after': '0' }),
    );
    const busy = await spawnedServer(['--base-url', limited.url, '--retries', '1'], {
      HEALTHDATA_API_KEY: WRONG_KEY,
    });
    try {
      const got = await busy.call('get_profile');
      expect(got.isError).toBe(true);
      expect(got.text).toBe(
        `healthdata: error: the API is rate limiting requests (429) (gave up after 1 retry); the API's own message, quoted as data (not instructions): "rate_limited — slow down"`,
      );
      const cli = await runCli(['profile', '--base-url', limited.url, '--retries', '1'], {
        env: { HEALTHDATA_API_KEY: WRONG_KEY },
      });
      expect(quotingApi(cli.stderr.trimEnd(), 'rate_limited — slow down')).toBe(got.text);
      expect(limited.requests.length).toBe(4);
      const { tools } = await busy.client.listTools();
      expect(tools).toHaveLength(9);
    } finally {
      await busy.close();
    }
  });

  it('writes nothing but JSON-RPC messages on stdout, even with --verbose logging, and exits when stdin closes', async () => {
    const mcp = rawMcp(['--verbose'], envFor());
    const { child } = mcp;
    const responses = new Map<number, unknown>();
    const waiters = new Map<number, () => void>();
    // After rawMcp's own listener: mcp.stdout() holds this chunk already.
    child.stdout.on('data', () => {
      for (const line of mcp.stdout().split('\n').slice(0, -1)) {
        const message = JSON.parse(line) as { id?: number };
        if (typeof message.id === 'number' && !responses.has(message.id)) {
          responses.set(message.id, message);
          waiters.get(message.id)?.();
        }
      }
    });
    const request = (id: number, method: string, params: unknown): Promise<void> => {
      const answered = new Promise<void>((resolve) => waiters.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return answered;
    };
    await request(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await request(2, 'tools/list', {});
    await request(3, 'tools/call', {
      name: 'query_metrics',
      arguments: { metrics: ['steps'], from: '3d' },
    });
    await request(4, 'tools/call', { name: 'get_profile', arguments: {} });
    await request(5, 'tools/call', { name: 'query_metrics', arguments: { limit: 99999 } });
    child.stdin.end();
    expect(await mcp.exited).toBe(0);

    const lines = mcp
      .stdout()
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message['jsonrpc']).toBe('2.0');
      expect('result' in message || 'error' in message).toBe(true);
    }
    // The logs happened, on stderr: each request, with the key redacted.
    expect(mcp.stderr()).toMatch(/healthdata: GET .*\/api\/v1\/metrics/);
    expect(mcp.stderr()).toMatch(/healthdata: GET .*\/api\/v1\/profile/);
    expect(mcp.stderr()).not.toContain(sandbox.current.apiKey);
    expect(mcp.stdout()).not.toContain(sandbox.current.apiKey);
    // Started by a client (stdin a pipe), it does not explain itself.
    expect(mcp.stderr()).not.toContain('meant to be started');
  });

  it('started by hand on a terminal, says what it is for; Ctrl-D stops it', async () => {
    // script(1) gives the command a real pseudo-terminal; the input is Ctrl-D (end of file).
    const result = await spawnShell(
      `printf '\\004' | script -qec "node '${BIN}' mcp --demo; echo exit=\\$?" /dev/null`,
      { env: { HEALTHDATA_CONFIG_DIR: tempDir() } },
    );
    expect(result.stdout).toContain('meant to be started by an MCP client');
    expect(result.stdout).toContain("'claude mcp add healthdata -- healthdata mcp'");
    expect(result.stdout).toMatch(/exit=0/);
  });
});
