// The MCP conformance suite (0.1.12) against `healthdata mcp --demo --http 0`: the scenarios
// of what the server speaks, each of whose checks must pass. The suite cannot send the bearer
// token itself (see helpers/conformance.ts), so it goes through a proxy that adds it; without
// the proxy the same suite is refused, which shows the token is still asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { bearerProxy, runScenario, type Proxy } from '../helpers/conformance.ts';
import { mcpToken, startMcpHttp, type HttpServer } from '../helpers/mcp-http.ts';

const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'completion-complete',
  'logging-set-level',
  'dns-rebinding-protection',
];

let server: HttpServer;
let proxy: Proxy;

beforeAll(async () => {
  const configDir = tempDir();
  server = await startMcpHttp({ HEALTHDATA_CONFIG_DIR: configDir }, ['--demo']);
  proxy = await bearerProxy(server.url, await mcpToken(configDir));
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

describe('the MCP conformance suite against healthdata mcp --demo --http', () => {
  it('passes every check of each scenario the server speaks', async () => {
    // Each scenario is its own process that mostly waits on the server: run side by side.
    const runs = await Promise.all(SCENARIOS.map((s) => runScenario(proxy.url, s)));
    const verdicts = Object.fromEntries(
      SCENARIOS.map((s, i) => [
        s,
        runs[i]?.checks.map(
          (c) => `${c.id}: ${c.status}${c.errorMessage ? ` (${c.errorMessage})` : ''}`,
        ),
      ]),
    );
    for (const [scenario, checks] of Object.entries(verdicts)) {
      expect(checks, scenario).not.toHaveLength(0);
      for (const check of checks ?? []) expect(check, scenario).toMatch(/: SUCCESS$/);
    }
    // The suite's own verdict too: it exits 1 when any check fails.
    expect(runs.map((r) => r.code)).toEqual(SCENARIOS.map(() => 0));
    // dns-rebinding: a forged Host refused (4xx), the proxy's own localhost Host served (2xx).
    expect(verdicts['dns-rebinding-protection']).toEqual([
      'localhost-host-rebinding-rejected: SUCCESS',
      'localhost-host-valid-accepted: SUCCESS',
    ]);
  }, 120_000);

  it('is refused without the token (the proxy is what sends it)', async () => {
    const { checks, code } = await runScenario(server.url, 'server-initialize');
    expect(code).toBe(1);
    expect(checks.map((c) => c.status)).toEqual(['FAILURE']);
    expect(checks[0]?.errorMessage).toContain('unauthorized');
    expect(server.stderr()).not.toMatch(/Bearer [A-Za-z0-9_-]{16}/);
  }, 60_000);
});
