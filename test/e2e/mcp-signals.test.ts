// `healthdata mcp` stopped by a real signal to the real process ends as every command does:
// 130 on SIGINT, 143 on SIGTERM (README's exit codes), over stdio and over --http alike. The
// client closing stdin stays the normal end (0: test/e2e/mcp-stdin-end.test.ts).
import { describe, expect, it } from 'vitest';
import { initializeLine, rawMcp } from '../helpers/mcp.ts';
import { until } from '../helpers/spawn.ts';

describe('healthdata mcp and signals', () => {
  it.each([
    ['stdio', 'SIGINT', 130],
    ['stdio', 'SIGTERM', 143],
    ['--http', 'SIGINT', 130],
    ['--http', 'SIGTERM', 143],
  ] as const)('over %s, %s exits %i', async (mode, signal, code) => {
    const mcp = rawMcp(mode === 'stdio' ? ['--demo'] : ['--demo', '--http', '0']);
    try {
      // Serving: the line that says so is written once the transport is up.
      await until(() => /healthdata mcp: serving .*(over stdio|at http)/.test(mcp.stderr()));
      mcp.child.kill(signal);
      expect(await mcp.exited).toBe(code);
      expect(mcp.stderr()).toContain(`healthdata: stopped by ${signal}`);
      expect(mcp.stdout()).toBe('');
    } finally {
      if (mcp.child.exitCode === null && mcp.child.signalCode === null) mcp.child.kill('SIGKILL');
    }
  });

  it('over stdio, a signal while a call is being answered still exits 143', async () => {
    const mcp = rawMcp(['--demo']);
    try {
      await until(() => mcp.stderr().includes('healthdata mcp: serving'));
      const write = (message: object): boolean =>
        mcp.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
      mcp.child.stdin.write(`${initializeLine()}\n`);
      await until(() => mcp.stdout().includes('"id":1'));
      write({ method: 'notifications/initialized' });
      write({ id: 2, method: 'tools/call', params: { name: 'daily_summary', arguments: {} } });
      mcp.child.kill('SIGTERM');
      expect(await mcp.exited).toBe(143);
    } finally {
      if (mcp.child.exitCode === null && mcp.child.signalCode === null) mcp.child.kill('SIGKILL');
    }
  });
});
