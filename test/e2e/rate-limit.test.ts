// --parallel against a server that allows only a few requests a second: the partitions share
// one back-off, so the export completes instead of failing within seconds. And a server that
// never stops saying 429 still ends, with exit 1, after a bounded number of requests.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { metricsRequests, start } from '../helpers/sandbox.ts';
import { fail, hd, ok, pageBody, rows, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

describe('a shared rate-limit back-off', () => {
  it('--parallel 8 against a server allowing 5 requests a second completes with the default retries, with every row once', async () => {
    const limited = await start({ plan: 'pro', rateLimit: 5 });
    const free = await start({ plan: 'pro' });
    try {
      const args = ['metrics', '--from', '60d', '--page-size', '100', '-f', 'csv', '--quiet'];
      const expected = await runCli([...args, '--base-url', free.url, '--api-key', free.apiKey]);
      const r = await runCli([
        ...args,
        '--parallel',
        '8',
        '--base-url',
        limited.url,
        '--api-key',
        limited.apiKey,
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(expected.stdout);
      const requests = metricsRequests(limited);
      const rejected = limited.requests.filter((q) => q.status === 429).length;
      // It did run into the limit, and backed off rather than hammering it.
      expect(requests.length).toBeGreaterThan(10);
      expect(rejected).toBeGreaterThan(0);
      expect(rejected).toBeLessThan(requests.length / 2);
    } finally {
      await limited.close();
      await free.close();
    }
  }, 60_000);

  it('a server that says 429 to every partition, forever, ends in exit 1 after at most --retries retries each', async () => {
    // The first page holds 10 days and more to come; every later request is told to wait 1 s.
    const server = await serve([
      ok(pageBody(rows(0, 10), 'c1')),
      fail(429, '', { 'retry-after': '1' }),
    ]);
    const r = await hd(server.url, [
      'metrics',
      '--from',
      '2026-08-01',
      '--page-size',
      '10',
      '--parallel',
      '8',
      '-f',
      'csv',
    ]);
    expect(r.code).toBe(1);
    // Rows that went out before the failure (--parallel decides how many) are said to be a part.
    expect(r.stderr).toMatch(
      /^(warning: the output stops after \d+ rows: it is incomplete\n)?healthdata: error: the API is rate limiting requests \(429\).*\(gave up after 3 retries\)\n$/,
    );
    const partitions = new Set(
      server.requests.slice(1).map((q) => `${q.query.get('from')}..${q.query.get('to')}`),
    );
    expect(partitions.size).toBeGreaterThan(1);
    // Nothing was ever served after the first page: every 429 counted against --retries.
    expect(server.requests.length).toBeLessThanOrEqual(1 + partitions.size * 4);
    // Bounded in time too (the clock is virtual: this is what a real run would wait).
    const waited = r.clock.slept.reduce((a, b) => a + b, 0);
    expect(waited).toBeLessThan(60_000);
  });
});
