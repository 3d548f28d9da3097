// Numbers a double cannot hold survive a SQLite sync exactly (numValueText beside the nearest
// double), so a re-run of unchanged data changes nothing; and a row the server sent without a
// nullable field is stored with NULL there. A test server sends the exact texts.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { agedMtime, sqliteQuery, strays } from '../helpers/sync.ts';
import { hd, META, send, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

/** A one-page metrics body from row texts written out by hand, so every byte is as sent. */
const page = (rows: readonly string[]): string =>
  `{"data":[${rows.join(',')}],"next_cursor":null,"meta":${JSON.stringify(META)}}`;

const row = (date: string, metric: string, numValue: string): string =>
  `{"date":"${date}","provider":"X","metric":"${metric}","numValue":${numValue},"textValue":null,"unit":"u","stream":false}`;

// What the server sends, and what a double can keep of it (numValueText NULL: all of it).
const NUMBERS: [sent: string, double: number, exact: string | null][] = [
  ['1e400', Infinity, '1e400'],
  ['-1e400', -Infinity, '-1e400'],
  ['9007199254740993', 9007199254740992, '9007199254740993'],
  ['12345678901234567890', 12345678901234567000, '12345678901234567890'],
  ['1e-400', 0, '1e-400'],
  ['-0.00012299901322564437', -0.00012299901322564437, null],
  ['3.2186880000000004', 3.218688, '3.2186880000000004'],
];

describe('exact numbers in SQLite', () => {
  it('round-trip exactly, and a re-run changes nothing and leaves the file alone', async () => {
    const body = page(NUMBERS.map(([sent], i) => row('2026-11-20', `m${i}`, sent)));
    const server = await serve((_req, res) => send(res, 200, body));
    const dir = tempDir();
    const db = join(dir, 'exact.db');
    const first = await hd(server.url, ['sync', db]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('7 rows added, 0 removed, 0 unchanged');

    const stored = sqliteQuery<{ numValue: number; numValueText: string | null; exact: string }>(
      db,
      "SELECT numValue, numValueText, coalesce(numValueText, printf('%!.17g', numValue)) AS exact FROM metrics ORDER BY rowid",
    );
    expect(stored.map((r) => [r.numValue, r.numValueText])).toEqual(
      NUMBERS.map(([, double, exact]) => [double, exact]),
    );
    // The exact value, as the shell reads it back, is the text the server sent.
    expect(stored.map((r) => r.exact)).toEqual(NUMBERS.map(([sent]) => sent));

    const bytes = readFileSync(db);
    const mtime = agedMtime(db);
    const again = await hd(server.url, ['sync', db]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      '0 rows added, 0 removed, 7 unchanged; nothing changed, file not rewritten',
    );
    expect(statSync(db).mtimeMs).toBe(mtime);
    expect(readFileSync(db).equals(bytes)).toBe(true);
    expect(strays(dir, ['exact.db'])).toEqual([]);
  });

  it('a changed exact value is a changed row, though its double is the same', async () => {
    let sent = '9007199254740993';
    const server = await serve((_req, res) => send(res, 200, page([row('2026-11-20', 'n', sent)])));
    const db = join(tempDir(), 'changed.db');
    expect((await hd(server.url, ['sync', db])).code).toBe(0);
    sent = '9007199254740992.5'; // the same double, another number
    const again = await hd(server.url, ['sync', db]);
    expect(again.stderr).toContain('1 rows added, 1 removed, 0 unchanged');
    expect(sqliteQuery(db, 'SELECT numValue, numValueText FROM metrics')).toEqual([
      { numValue: 9007199254740992, numValueText: '9007199254740992.5' },
    ]);
  });
});

describe('a row without a nullable field', () => {
  it('is stored with NULL there, and compares equal to itself on the next run', async () => {
    const body = page([
      '{"date":"2026-11-20","provider":"X","metric":"a","numValue":1,"textValue":null,"stream":false}',
      '{"date":"2026-11-20","provider":"X","metric":"b","numValue":2,"unit":"kg","stream":true}',
      '{"date":"2026-11-19","provider":"X","metric":"c","textValue":"t","unit":null,"stream":false}',
    ]);
    const server = await serve((_req, res) => send(res, 200, body));
    const db = join(tempDir(), 'missing.db');
    const first = await hd(server.url, ['sync', db]);
    expect(first.code, first.stderr).toBe(0);
    expect(
      sqliteQuery(
        db,
        'SELECT metric, numValue, textValue, unit, stream FROM metrics ORDER BY rowid',
      ),
    ).toEqual([
      { metric: 'a', numValue: 1, textValue: null, unit: null, stream: 0 },
      { metric: 'b', numValue: 2, textValue: null, unit: 'kg', stream: 1 },
      { metric: 'c', numValue: null, textValue: 't', unit: null, stream: 0 },
    ]);
    const again = await hd(server.url, ['sync', db]);
    expect(again.stderr).toContain('0 rows added, 0 removed, 3 unchanged; nothing changed');
  });
});
