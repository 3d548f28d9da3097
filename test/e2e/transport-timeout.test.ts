// Timeouts, bodies cut off mid-way, and connection reuse after an error body, against real
// loopback servers.
import { describe, expect, it } from 'vitest';
import {
  fail,
  halfBody,
  hang,
  hd,
  ok,
  pageBody,
  rows,
  PROFILE,
  useTestServers,
} from '../helpers/test-server.ts';

const serve = useTestServers();

const ndjsonRows = (stdout: string): unknown[] =>
  stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('--timeout', () => {
  it('times out a server that never sends headers (exit 1)', async () => {
    const server = await serve(hang);
    const started = Date.now();
    const r = await hd(server.url, ['profile', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out');
    expect(r.stderr).toContain('0.3 s');
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('holds a sub-second timeout: a server answering in 0.6 s misses --timeout 0.2', async () => {
    // undici's own headers timer has about a second's resolution, which let this succeed.
    let timer: NodeJS.Timeout | undefined;
    const server = await serve((_req, res) => {
      timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(PROFILE);
      }, 600);
    });
    const r = await hd(server.url, ['profile', '--timeout', '0.2', '--retries', '0']);
    clearTimeout(timer);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('timed out after 0.2 s waiting for');
  });

  it('times out a server that sends headers and half a body, then hangs (exit 1)', async () => {
    const server = await serve(halfBody(pageBody(rows(0, 50), null), 'hang'));
    const r = await hd(server.url, [
      'metrics',
      '-f',
      'ndjson',
      '--timeout',
      '0.3',
      '--retries',
      '0',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out');
    expect(r.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('bounds the whole body, not only the gaps: a server trickling bytes times out', async () => {
    let timer: NodeJS.Timeout | undefined;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      // A byte of JSON whitespace every 50 ms: never idle long enough for an idle timeout.
      timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const r = await hd(server.url, ['metrics', '--timeout', '0.4', '--retries', '0']);
    clearInterval(timer);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out after 0.4 s');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries a request that timed out waiting for headers', async () => {
    const server = await serve([hang, ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json', '--timeout', '0.3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${PROFILE}\n`);
    expect(server.requests).toHaveLength(2);
    expect(r.clock.slept).toHaveLength(1);
  });

  it('retries a request whose body stalled', async () => {
    const body = pageBody(rows(0, 20), null);
    const server = await serve([halfBody(body, 'hang'), ok(body)]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--timeout', '0.3']);
    expect(r.code).toBe(0);
    expect(ndjsonRows(r.stdout)).toEqual(rows(0, 20));
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the retries when every attempt times out', async () => {
    const server = await serve(hang);
    const r = await hd(server.url, ['profile', '--timeout', '0.2', '--retries', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out');
    expect(r.stderr).toContain('gave up after 1 retry');
    expect(server.requests).toHaveLength(2);
  });
});

describe('a body cut off mid-way', () => {
  it('re-requests the same page with the same cursor; every row once', async () => {
    const page2 = pageBody(rows(3, 3), 'c2');
    const server = await serve([
      ok(pageBody(rows(0, 3), 'c1')),
      halfBody(page2, 'destroy'),
      ok(page2),
      ok(pageBody(rows(6, 2), null)),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '3']);
    expect(r.code).toBe(0);
    const cursors = server.requests.map((q) => q.query.get('cursor'));
    expect(cursors).toEqual([null, 'c1', 'c1', 'c2']);
    expect(server.requests[2]?.url).toBe(server.requests[1]?.url);
    expect(ndjsonRows(r.stdout)).toEqual(rows(0, 8));
  });

  it('a cut-off first page is re-requested too (json output complete and valid)', async () => {
    const body = pageBody(rows(0, 40), null);
    const server = await serve([halfBody(body, 'destroy'), ok(body)]);
    const r = await hd(server.url, ['metrics', '-f', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { data: unknown[] };
    expect(doc.data).toEqual(rows(0, 40));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.query.get('cursor')).toBeNull();
  });

  it('exit 1 when the body is cut off on every attempt', async () => {
    const server = await serve(halfBody(pageBody(rows(0, 10), null), 'destroy'));
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--retries', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(server.requests).toHaveLength(2);
  });
});

describe('connection reuse', () => {
  it('reads and discards an error body so the next attempt reuses the socket', async () => {
    const server = await serve([fail(503, 'x'.repeat(200_000)), ok(PROFILE)]);
    // (--timeout 2: were the body left unread, the socket would stay busy until the timeout.)
    const r = await hd(server.url, ['profile', '-f', 'json', '--timeout', '2']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.socket)).toEqual([1, 1]);
    expect(server.connections()).toBe(1);
  });

  it('reuses one socket across pages and retries of a whole export', async () => {
    const server = await serve([
      ok(pageBody(rows(0, 2), 'a')),
      fail(500),
      ok(pageBody(rows(2, 2), 'b')),
      fail(429, '{"error":"slow down"}', { 'retry-after': '1' }),
      ok(pageBody(rows(4, 2), null)),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '2']);
    expect(r.code).toBe(0);
    expect(ndjsonRows(r.stdout)).toEqual(rows(0, 6));
    expect(server.requests).toHaveLength(5);
    expect(server.connections()).toBe(1);
  });
});
