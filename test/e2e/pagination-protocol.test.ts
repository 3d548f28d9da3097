// The pagination protocol against servers that break it: endless empty pages, a missing
// next_cursor, a row of the wrong type (dropped: untrusted-rows.test.ts has the rest), numbers JavaScript cannot hold, and a server that
// ignores from/to under --parallel.
import { describe, expect, it } from 'vitest';
import {
  hd,
  META,
  pageBody,
  rows,
  send,
  useTestServers,
  type Handler,
} from '../helpers/test-server.ts';

const serve = useTestServers();
const json =
  (body: unknown): Handler =>
  (_req, res) =>
    send(res, 200, JSON.stringify(body));

describe('pagination protocol', () => {
  it('empty pages that keep handing out new cursors end as a protocol error after 20', async () => {
    const server = await serve((req, res) => {
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? 0);
      send(res, 200, pageBody([], String(n + 1)));
    });
    const r = await hd(server.url, ['metrics', '-f', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the API sent 20 empty pages in a row, each with a new cursor');
    expect(server.requests.length).toBeLessThanOrEqual(21);
  });

  it('a page without a next_cursor key is a protocol error, not a silent end', async () => {
    const server = await serve(json({ data: rows(0, 3), meta: META }));
    const r = await hd(server.url, ['metrics', '-f', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the metrics response has no "next_cursor"');
  });

  it('a row of the wrong type is dropped and named, the rest written, in table format too', async () => {
    const bad = rows(0, 3).map((row, i) => (i === 1 ? { ...row, numValue: '42' } : row));
    for (const format of ['table', 'csv']) {
      const server = await serve(json({ data: bad, next_cursor: null, meta: META }));
      const r = await hd(server.url, ['metrics', '-f', format]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        'healthdata: error: dropped 1 row that breaks the API spec (1 with numValue "42")\n',
      );
      expect(r.stdout).toContain('2026-11-20');
      expect(r.stdout).toContain('2026-11-18');
      expect(r.stdout).not.toContain('2026-11-19');
    }
  });
});

describe('numbers exactly as sent', () => {
  const body = `{"data":[${[
    '{"date":"2026-11-20","provider":"X","metric":"big","numValue":1e400,"textValue":null,"unit":null,"stream":false}',
    '{"date":"2026-11-19","provider":"X","metric":"big","numValue":12345678901234567890,"textValue":"12345678901234567890","unit":null,"stream":false}',
    '{"date":"2026-11-18","provider":"X","metric":"small","numValue":2.5,"textValue":null,"unit":null,"stream":false}',
  ].join(',')}],"next_cursor":null,"meta":${JSON.stringify(META)}}`;

  it('csv and tsv keep 1e400 and a 20-digit integer unchanged', async () => {
    for (const [format, sep] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const server = await serve((_req, res) => send(res, 200, body));
      const r = await hd(server.url, ['metrics', '-f', format, '--no-header']);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n').map((l) => l.split(sep)[3])).toEqual([
        '1e400',
        '12345678901234567890',
        '2.5',
        undefined,
      ]);
    }
  });

  it('json and ndjson write them back as bare numbers, and the table shows them', async () => {
    const server = await serve((_req, res) => send(res, 200, body));
    const ndjson = await hd(server.url, ['metrics', '-f', 'ndjson']);
    expect(ndjson.stdout).toContain('"numValue":1e400,');
    expect(ndjson.stdout).toContain('"numValue":12345678901234567890,');
    const doc = await hd(server.url, ['metrics', '-f', 'json']);
    expect(doc.stdout).toContain('"numValue":1e400,');
    const table = await hd(server.url, ['metrics', '-f', 'table']);
    expect(table.stdout).toContain('12345678901234567890');
    expect(table.stdout).toContain('1e400');
  });
});

describe('--parallel and a server that ignores from/to', () => {
  it('fails the run instead of writing rows twice', async () => {
    const all = rows(0, 20);
    const server = await serve((req, res) => {
      const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor');
      if (cursor === null) send(res, 200, pageBody(all.slice(0, 10), 'c1'));
      else send(res, 200, pageBody(all.slice(10), null));
    });
    const r = await hd(server.url, [
      'metrics',
      '-f',
      'ndjson',
      '--page-size',
      '10',
      '--parallel',
      '4',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('it does not honour from/to, so --parallel cannot split the range');
    const written = r.stdout.trim().split('\n').filter(Boolean);
    expect(new Set(written).size).toBe(written.length);
  });
});
