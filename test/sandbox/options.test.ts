import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/index.ts';
import { DEMO_API_KEY, PLANS, startSandbox } from '../../src/sandbox/index.ts';

describe('sandbox options', () => {
  it('exports a demo key with the phd_ prefix and live marker, and the plans', () => {
    expect(DEMO_API_KEY).toMatch(/^phd_live_/);
    expect(Object.keys(PLANS)).toEqual(['free', 'basic', 'pro', 'unlimited']);
  });

  it('starts with defaults: pro plan, demo key, loopback, local today', async () => {
    const sb = await startSandbox();
    try {
      const now = new Date();
      const local = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
        .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
        .join('-');
      expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sb.plan).toBe('pro');
      expect(sb.apiKey).toBe(DEMO_API_KEY);
      expect(sb.today).toBe(local);
      expect(sb.rowCount).toBeGreaterThan(10_000);
    } finally {
      await sb.close();
      await sb.close(); // idempotent
    }
  });

  const bad: Array<[SandboxOptions, RegExp]> = [
    [{ plan: 'gold' }, /unknown plan 'gold' \(valid plans: free, basic, pro, unlimited\)/],
    [{ today: '2026-02-30' }, /today must be a calendar date/],
    [{ today: '22/11/2026' }, /today must be a calendar date/],
    [{ scale: 0 }, /scale must be an integer from 1 to 100/],
    [{ scale: 1.5 }, /scale must be an integer/],
    [{ scale: 101 }, /scale must be an integer/],
    [{ failRate: 1.5 }, /failRate must be a number from 0 to 1/],
    [{ failRate: -0.1 }, /failRate/],
    [{ latencyMs: -1 }, /latencyMs/],
    [{ rateLimit: 0 }, /rateLimit must be an integer >= 1/],
    [{ port: 70_000 }, /port must be an integer from 0 to 65535/],
    [{ seed: 0.5 }, /seed must be an integer/],
    [{ apiKey: 'has space' }, /apiKey/],
    [{ apiKey: '' }, /apiKey/],
    [{ host: '' }, /host/],
  ];
  it.each(bad)('rejects %o', async (options, message) => {
    const failure = startSandbox(options);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.toThrow(/^sandbox: [^\n]+$/);
  });

  it('reports a port that is taken as a clear error', async () => {
    const first = await startSandbox({ today: '2026-11-22' });
    try {
      const port = Number(new URL(first.url).port);
      const taken = startSandbox({ port });
      await expect(taken).rejects.toThrow(/^sandbox: cannot listen on 127\.0\.0\.1:\d+: /);
      await expect(taken).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
