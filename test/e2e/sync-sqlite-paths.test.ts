// A proven page's rows reach SQLite made from its bytes (row-decode.ts), other pages' rows by
// JSON.parse; either way they are inserted in runs and batches (insert.ts). The database must
// be the same byte for byte in `.dump` whichever way the rows came, and hold exactly what the
// server sent: each row, in the API's order, with its doubles bit for bit, numValueText for a
// number no double holds, NULL for a missing nullable field. A proxy in front of the server
// sends each page as it is (proven) or with one space added after `"data":` (the same JSON,
// not proven: the parse path).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { parseExact, RawNumber } from '../../src/api/exact-numbers.ts';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { fixedClock, tempDir } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';
import { hd, META, send, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();
const sandbox = useSandbox({ plan: 'pro', realistic: true });

const respace = (body: string): string => body.replace('{"data":[', '{"data": [');

/** A server in front of `upstream`: each body as sent, or respaced. */
async function proxy(upstream: (url: string) => Promise<string>, respaced: boolean) {
  return serve(async (req, res) => {
    const body = await upstream(req.url ?? '/');
    send(res, 200, respaced ? respace(body) : body);
  });
}

const fromSandbox = async (url: string): Promise<string> => {
  const res = await fetch(`${sandbox.current.url}${url}`, {
    headers: { authorization: `Bearer ${sandbox.current.apiKey}` },
  });
  return res.text();
};

/** Syncs through a proxy into a new database both ways; the two databases. */
async function syncBothWays(upstream: (url: string) => Promise<string>): Promise<string[]> {
  const dir = tempDir();
  const dbs: string[] = [];
  for (const respaced of [false, true]) {
    const server = await proxy(upstream, respaced);
    const db = join(dir, respaced ? 'parsed.db' : 'bytes.db');
    const result = await hd(server.url, ['sync', db], { clock: fixedClock(TODAY) });
    expect(result.code, result.stderr).toBe(0);
    dbs.push(db);
  }
  return dbs;
}

const dump = (db: string): string =>
  execFileSync('/usr/bin/sqlite3', [db, '.dump'], { maxBuffer: 256 * 1024 * 1024 }).toString();

type Stored = [
  string,
  string,
  string,
  number | null,
  string | null,
  string | null,
  number,
  string | null,
];

/** The rows as SQLite holds them, read by SQLite's own library: doubles as stored. */
function stored(db: string): { rows: Stored[]; types: string[] } {
  const conn = new Database(db, { readonly: true });
  try {
    const rows = conn
      .prepare(
        'SELECT date, provider, metric, numValue, textValue, unit, stream, numValueText FROM metrics ORDER BY rowid',
      )
      .raw()
      .all() as Stored[];
    const types = conn
      .prepare(
        "SELECT DISTINCT typeof(numValue) || ',' || typeof(textValue) || ',' || typeof(unit) || ',' || typeof(stream) || ',' || typeof(numValueText) FROM metrics ORDER BY 1",
      )
      .raw()
      .all() as string[][];
    return { rows, types: types.map((t) => t[0] as string) };
  } finally {
    conn.close();
  }
}

/** What a row must be stored as. */
function expected(r: MetricRow): Stored {
  const num = r.numValue ?? null;
  const raw = num instanceof RawNumber;
  return [
    r.date,
    r.provider,
    r.metric,
    raw ? Number(num.text) : num,
    r.textValue ?? null,
    r.unit ?? null,
    r.stream ? 1 : 0,
    raw ? num.text : null,
  ];
}

function expectStored(db: string, rows: MetricRow[]): void {
  const got = stored(db).rows;
  expect(got.length).toBe(rows.length);
  // Bit for bit: Object.is tells -0 from 0, and toEqual compares doubles exactly.
  got.forEach((row, i) => {
    const want = expected(rows[i] as MetricRow);
    expect(row).toEqual(want);
    expect(Object.is(row[3], want[3])).toBe(true);
  });
}

describe('a first SQLite sync, from bytes or from parsed rows', () => {
  it('stores realistic data exactly as sent, the same database either way', async () => {
    const pages: MetricRow[][] = [];
    let cursor: string | null = null;
    do {
      const body = await fromSandbox(
        `/api/v1/metrics?limit=1000${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      expect(provePage(body), 'the sandbox sends proven pages').toBeDefined();
      expect(provePage(respace(body)), 'a respaced page is not proven').toBeUndefined();
      const page = parseExact(body) as { data: MetricRow[]; next_cursor: string | null };
      pages.push(page.data);
      cursor = page.next_cursor;
    } while (cursor !== null);
    const rows = pages.flat();
    expect(rows.some((r) => r.numValue instanceof RawNumber)).toBe(true);

    const [bytes, parsed] = (await syncBothWays(fromSandbox)) as [string, string];
    expect(dump(bytes)).toBe(dump(parsed));
    expectStored(bytes, rows);
    // Storage classes: numbers REAL (integral ones too), stream INTEGER, text TEXT.
    expect(stored(bytes).types).toEqual([
      'null,text,null,integer,null',
      'real,null,null,integer,null',
      'real,null,text,integer,null',
      'real,null,text,integer,text',
    ]);
  });

  it('stores escapes, empty and missing fields, and runs broken by other rows the same way', async () => {
    const row = (metric: string, num: string, extra = ''): string =>
      `{"date":"2026-11-20","provider":"Pulsuhr Ä","metric":"${metric}","numValue":${num},"textValue":null,"unit":"bpm","stream":true${extra}}`;
    const run = (n: number, num: (i: number) => string): string[] =>
      Array.from({ length: n }, (_, i) => row('heart_rate', num(i)));
    const rowTexts = [
      // A run of 70 samples, one of them a number no double holds, then one of 9 with nulls.
      ...run(70, (i) => (i === 40 ? '1e400' : `${60 + i / 7}`)),
      ...run(9, (i) => (i % 2 === 0 ? 'null' : '0.1')),
      '{"date":"2026-11-20","provider":"指輪 \\"Ring\\"","metric":"mood","numValue":null,"textValue":"calme\\n😀","unit":null,"stream":false}',
      '{"date":"2026-11-20","provider":"X","metric":"note","numValue":null,"textValue":"","unit":"","stream":false}',
      ...run(8, () => '-0.00012299901322564437'),
      '{"date":"2026-11-19","provider":"X","metric":"steps","numValue":9007199254740993,"textValue":null,"unit":"count","stream":false}',
      ...Array.from({ length: 12 }, (_, i) =>
        row(`m${i % 3}`, i % 5 === 0 ? '3.2186880000000004' : String(i)),
      ).map((r) => r.replace('2026-11-20', '2026-11-19')),
    ];
    const body = (texts: string[]): string =>
      `{"data":[${texts.join(',')}],"next_cursor":null,"meta":${JSON.stringify(META)}}`;
    const page = body(rowTexts);
    expect(provePage(page)).toBeDefined();
    const rows = (parseExact(page) as { data: MetricRow[] }).data;

    const [bytes, parsed] = (await syncBothWays(() => Promise.resolve(page))) as [string, string];
    expect(dump(bytes)).toBe(dump(parsed));
    expectStored(bytes, rows);

    // The same rows with nullable fields left out where they are null: the same database.
    const missing = body(rowTexts.map((r) => r.replace(',"textValue":null', '')));
    const [leftOut] = (await syncBothWays(() => Promise.resolve(missing))) as [string];
    expect(dump(leftOut)).toBe(dump(bytes));
  });
});
