// What comes back in a body: compressed pages, bodies that are not JSON or not a page, a
// cursor that repeats, and an export that fails half-way.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn.ts';
import { tempDir } from '../helpers/cli.ts';
import {
  API_KEY,
  expectNoKey,
  fail,
  hd,
  META,
  ok,
  pageBody,
  rows,
  send,
  useTestServers,
  type Encoding,
  type Handler,
} from '../helpers/test-server.ts';

const serve = useTestServers();

const compressed =
  (body: string, encoding: Encoding): Handler =>
  (_req, res) =>
    send(res, 200, body, {}, encoding);

const ndjsonRows = (stdout: string): unknown[] =>
  stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('compression', () => {
  it.each<Encoding>(['gzip', 'br'])('decodes %s pages', async (encoding) => {
    const server = await serve([
      compressed(pageBody(rows(0, 300), 'c1'), encoding),
      compressed(pageBody(rows(300, 5), null), encoding),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '300']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(ndjsonRows(r.stdout)).toEqual(rows(0, 305));
    for (const request of server.requests) {
      expect(request.headers['accept-encoding']).toBe('gzip, br');
    }
  });

  it('decodes a compressed error body (the server message is shown)', async () => {
    const server = await serve((_req, res) =>
      send(res, 403, '{"error":{"code":"forbidden","message":"plan too small"}}', {}, 'gzip'),
    );
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('forbidden — plan too small');
  });

  it('a corrupt gzip body is an error (exit 1), not garbage output', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end('this is not gzip');
    });
    const r = await hd(server.url, ['profile', '-f', 'json', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('could not decode the gzip response body');
  });

  it('the built binary decodes gzip with nothing at all on stderr', async () => {
    const server = await serve(compressed(pageBody(rows(0, 20), null), 'gzip'));
    const r = await spawnCli(
      ['metrics', '-f', 'csv', '--base-url', server.url, '--api-key', API_KEY],
      { env: { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') } },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
    expect(lines).toHaveLength(21);
    expect(lines[1]).toBe('2026-11-20,X,steps,0,,count,false');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['accept-encoding']).toBe('gzip, br');
    expectNoKey(r);
  });
});

describe('bodies that are not what they should be', () => {
  it('a non-JSON 200 → exit 1 with the status and an excerpt', async () => {
    const server = await serve(
      ok('<html><body>Gateway says hello</body></html>', { 'content-type': 'text/html' }),
    );
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('not JSON');
    expect(r.stderr).toContain('status 200');
    expect(r.stderr).toContain('<html><body>Gateway says hello');
    expect(server.requests).toHaveLength(1);
  });

  it('a truncated JSON page on 200 → exit 1 with the status and an excerpt', async () => {
    const server = await serve(ok('{"data":[{"date":"2026-11-20","provider"'));
    const r = await hd(server.url, ['metrics', '-f', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('status 200');
    expect(r.stderr).toContain('{"data":[{"date":"2026-11-20"');
  });

  it('a long non-JSON body is cut to a short excerpt', async () => {
    const server = await serve(ok(`oops ${'z'.repeat(5_000)}`, { 'content-type': 'text/plain' }));
    const r = await hd(server.url, ['metrics', '-f', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('oops zzz');
    expect(r.stderr.length).toBeLessThan(400);
  });

  it('JSON that is not a metrics page → exit 1 with the status and an excerpt', async () => {
    const server = await serve(ok('{"rows":[],"cursor":null}'));
    const r = await hd(server.url, ['metrics', '-f', 'ndjson']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"data"');
    expect(r.stderr).toContain('status 200');
    expect(r.stderr).toContain('{"rows":[],"cursor":null}');
  });

  it('a next_cursor that repeats → exit 1, not a loop', async () => {
    const server = await serve([
      ok(pageBody(rows(0, 2), 'same')),
      ok(pageBody(rows(2, 2), 'same')),
      ok(pageBody(rows(4, 2), 'same')),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('repeated a pagination cursor');
    expect(server.requests.map((q) => q.query.get('cursor'))).toEqual([null, 'same']);
  });

  it('a cursor cycle (a → b → a) → exit 1, not a loop', async () => {
    const server = await serve([
      ok(pageBody(rows(0, 1), 'a')),
      ok(pageBody(rows(1, 1), 'b')),
      ok(pageBody(rows(2, 1), 'a')),
      ok(pageBody(rows(3, 1), 'b')),
    ]);
    const r = await hd(server.url, ['metrics', '-f', 'ndjson', '--page-size', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('repeated a pagination cursor');
    expect(server.requests).toHaveLength(3);
  });
});

describe('an export that fails half-way', () => {
  const script = (): Handler[] => [ok(pageBody(rows(0, 3), 'c1')), fail(500)];

  it('-f json: exit 1 and the document is left unclosed', async () => {
    const server = await serve(script());
    const r = await hd(server.url, ['metrics', '-f', 'json', '--page-size', '3', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the server failed (500)');
    expect(server.requests.map((q) => q.query.get('cursor'))).toEqual([null, 'c1']);
    // Page 1's rows were streamed out, but the array and the document were never closed.
    expect(r.stdout.startsWith('{"data":[')).toBe(true);
    expect(r.stdout).toContain('"numValue":2');
    expect(r.stdout).not.toContain(']');
    expect(r.stdout).not.toContain('"meta"');
    expect(r.stdout.endsWith('}\n')).toBe(false);
    expect(() => JSON.parse(r.stdout) as unknown).toThrow();
  });

  it('the same export that succeeds is a complete document (control)', async () => {
    const server = await serve([ok(pageBody(rows(0, 3), 'c1')), ok(pageBody(rows(3, 1), null))]);
    const r = await hd(server.url, ['metrics', '-f', 'json', '--page-size', '3', '--retries', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith(']' + ',"meta":' + JSON.stringify(META) + '}\n')).toBe(true);
    expect((JSON.parse(r.stdout) as { data: unknown[] }).data).toEqual(rows(0, 4));
  });

  it('-f ndjson: exit 1 after the rows of page 1', async () => {
    const server = await serve(script());
    const r = await hd(server.url, [
      'metrics',
      '-f',
      'ndjson',
      '--page-size',
      '3',
      '--retries',
      '0',
    ]);
    expect(r.code).toBe(1);
    expect(ndjsonRows(r.stdout)).toEqual(rows(0, 3));
  });
});
