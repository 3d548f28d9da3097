// Retries against real loopback servers: which failures are retried, how long the client
// waits, and --retries. The policy on its own is tested in test/unit/retry.test.ts.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../helpers/cli.ts';
import {
  closedPort,
  fail,
  hd,
  ok,
  pageBody,
  reset,
  rows,
  send,
  PROFILE,
  useTestServers,
} from '../helpers/test-server.ts';

const serve = useTestServers();

describe('retries against a real server', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a GET that got %i', async (status) => {
    const server = await serve([fail(status), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${PROFILE}\n`);
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((q) => q.path)).toEqual(['/api/v1/profile', '/api/v1/profile']);
    expect(r.clock.slept).toHaveLength(1);
  });

  it.each([400, 401, 403, 404])('never retries %i', async (status) => {
    const server = await serve([fail(status), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(status === 401 ? 3 : 1);
    expect(r.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
    expect(r.clock.slept).toEqual([]);
  });

  it('exits 3 on 401 with a message about the key', async () => {
    const server = await serve(fail(401, '{"error":{"code":"invalid_key","message":"bad key"}}'));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/rejected the key \(401\)/);
    expect(r.stderr).toContain('HEALTHDATA_API_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a connection the server resets before responding', async () => {
    const server = await serve([reset, reset, ok(pageBody(rows(0, 3), null))]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson']);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(rows(0, 3));
    expect(server.requests).toHaveLength(3);
    expect(server.connections()).toBe(3);
  });

  it('retries a refused connection, then gives up with exit 1', async () => {
    const port = await closedPort();
    const r = await hd(`http://127.0.0.1:${port}`, ['profile', '--retries', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('connection refused');
    expect(r.stderr).toContain('gave up after 2 retries');
    expect(r.clock.slept).toHaveLength(2);
  });

  it('--retries n: gives up after n retries, the server saw n+1 requests', async () => {
    const server = await serve(fail(503));
    const r = await hd(server.url, ['profile', '--retries', '4']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the server failed (503)');
    expect(r.stderr).toContain('gave up after 4 retries');
    expect(server.requests).toHaveLength(5);
    // Full jitter with random = 0.5: half of 250·2^attempt.
    expect(r.clock.slept).toEqual([125, 250, 500, 1000]);
  });

  it('retries 3 times by default', async () => {
    const server = await serve(fail(500));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(4);
  });

  it('--retries 0 sends exactly one request', async () => {
    const server = await serve(fail(503));
    const r = await hd(server.url, ['profile', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(r.clock.slept).toEqual([]);
  });

  it('honours Retry-After in seconds', async () => {
    const server = await serve([fail(429, '', { 'retry-after': '7' }), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(r.clock.slept).toHaveLength(1);
    expect(r.clock.slept[0]).toBeGreaterThanOrEqual(7_000);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const clock = fixedClock('2026-11-20');
    const server = await serve([
      (_req, res) =>
        send(res, 503, '', { 'retry-after': new Date(clock.now() + 12_000).toUTCString() }),
      ok(PROFILE),
    ]);
    const r = await hd(server.url, ['profile', '-f', 'json'], { clock, random: () => 0.99 });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(r.clock.slept).toHaveLength(1);
    expect(r.clock.slept[0]).toBeGreaterThanOrEqual(12_000);
  });

  it('fails at once, exit 1, when Retry-After is longer than the retry budget', async () => {
    const server = await serve([fail(503, '', { 'retry-after': '120' }), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the server asked to wait 120 s');
    expect(r.stderr).toContain('retry budget');
    expect(server.requests).toHaveLength(1);
    expect(r.clock.slept).toEqual([]);
  });

  it('fails at once when an HTTP-date Retry-After is beyond the budget', async () => {
    const clock = fixedClock('2026-11-20');
    const server = await serve([
      (_req, res) =>
        send(res, 429, '', { 'retry-after': new Date(clock.now() + 300_000).toUTCString() }),
      ok(PROFILE),
    ]);
    const r = await hd(server.url, ['profile'], { clock });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the server asked to wait 300 s');
    expect(server.requests).toHaveLength(1);
    expect(clock.slept).toEqual([]);
  });

  it('retries inside pagination re-request the same page', async () => {
    const server = await serve([
      ok(pageBody(rows(0, 2), 'c1')),
      fail(502),
      ok(pageBody(rows(2, 2), null)),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '2']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.query.get('cursor'))).toEqual([null, 'c1', 'c1']);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(rows(0, 4));
  });
});
