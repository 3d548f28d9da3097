// `healthdata mcp --tools a,b,c` (or HEALTHDATA_MCP_TOOLS) serves only those tools, to the
// SDK's own client over stdio; a name that is no tool stops the start with exit 2.
import { describe, expect, it } from 'vitest';
import { spawnedServer } from '../helpers/mcp.ts';
import { spawnCli } from '../helpers/spawn.ts';

const KNOWN =
  'list_metrics, query_metrics, daily_summary, get_profile, list_sources, trend, find_anomalies, compare_periods, correlate';

describe('healthdata mcp --tools', () => {
  it('serves only the tools named, in any order; the others are unknown to the client', async () => {
    const mcp = await spawnedServer(['--demo', '--tools', ' trend , daily_summary,trend']);
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['daily_summary', 'trend']);
      const trend = await mcp.call('trend', { from: '60d' });
      expect(trend.isError).toBe(false);
      await expect(mcp.call('query_metrics', {})).rejects.toThrow(/query_metrics/);
      expect(mcp.stderr()).toContain('healthdata mcp: serving daily_summary, trend over stdio');
    } finally {
      await mcp.close();
    }
  });

  it('HEALTHDATA_MCP_TOOLS does the same, and --tools wins over it', async () => {
    const fromEnv = await spawnedServer(['--demo'], { HEALTHDATA_MCP_TOOLS: 'list_metrics' });
    try {
      expect((await fromEnv.client.listTools()).tools.map((t) => t.name)).toEqual(['list_metrics']);
    } finally {
      await fromEnv.close();
    }
    const both = await spawnedServer(['--demo', '--tools', 'correlate'], {
      HEALTHDATA_MCP_TOOLS: 'list_metrics',
    });
    try {
      expect((await both.client.listTools()).tools.map((t) => t.name)).toEqual(['correlate']);
    } finally {
      await both.close();
    }
  });

  it.each([
    [
      ['--tools', 'daily_summary,$(touch /tmp/pwned);Ω\u202e'],
      {},
      `unknown tool "$(touch /tmp/pwned);Ω\\u202e" in --tools — the tools are: ${KNOWN}`,
    ],
    [
      ['--tools', 'query,trends'],
      {},
      `unknown tools "query", "trends" in --tools — the tools are: ${KNOWN}`,
    ],
    [['--tools', ' , '], {}, `--tools names no tool — give one or more of: ${KNOWN}`],
    [
      [],
      { HEALTHDATA_MCP_TOOLS: 'list_metric' },
      `unknown tool "list_metric" in HEALTHDATA_MCP_TOOLS — the tools are: ${KNOWN}`,
    ],
  ])('%j %j: exit 2 with one line naming the known tools', async (args, env, line) => {
    const got = await spawnCli(['mcp', '--demo', ...args], { env });
    expect(got.code).toBe(2);
    expect(got.stdout).toBe('');
    expect(got.stderr).toBe(`healthdata: error: ${line}\n`);
  });
});
