// Odd text through every sync target, with the real binary against a server on 127.0.0.1:
// lone surrogates (sent as JSON's "\ud800"), NUL, line and paragraph separators, a BOM,
// combining marks, emoji, bidi marks, CR LF, quotes and commas, a text longer than the flat
// reader's 256 KiB chunk. The first run writes; the second reports no change and leaves every
// file (mtime and inode) alone; what is read back by an independent reader (csv-parse for CSV
// and TSV, the sqlite3 shell, DuckDB) is the text as docs/sync.md says each target stores it.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { filesUnder } from '../helpers/dataset.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { sqliteQuery } from '../helpers/sync.ts';
import { API_KEY, META, send, useTestServers, type MetricRowJson } from '../helpers/test-server.ts';

const serve = useTestServers();

/** A text longer than a chunk of the flat reader, with quotes and line ends all through it. */
const LONG = `${'say "hi",\r\nthen \u2028 go; '.repeat(14_000)}end`;

const TEXTS: Record<string, string> = {
  'lone high surrogate': '\ud800',
  'lone low surrogate': 'x\udc00y',
  'a pair the wrong way round': '\udc00\ud800',
  NUL: 'a\u0000b',
  'NUL alone': '\u0000',
  'line and paragraph separators': 'one\u2028two\u2029three',
  'a leading BOM': '\ufeffbom',
  'a BOM inside': 'b\ufeffom',
  'combining marks': 'e\u0301 a\u0308\u0323',
  emoji: '😀 👍🏽 👨‍👩‍👧 🇫🇷',
  'bidi marks': '\u200fשלום\u200e \u202eevil\u202c',
  'CR LF': 'line1\r\nline2',
  'a lone CR and LF': 'a\rb\nc',
  'quotes and commas': 'say "hi", then, "go"',
  'a tab': 'a\tb',
  'a long text': LONG,
};

// What each target stores (docs/sync.md, "Text the target cannot hold"), written out here.
const asUtf8 = (text: string): string => text.replace(/\p{Cs}/gu, '\ufffd');
const asSqlite = (text: string): string => asUtf8(text).replaceAll('\u0000', '\ufffd');

const NAMES = Object.keys(TEXTS);
const metricOf = (i: number): string => `note_${String(i).padStart(2, '0')}`;

function serverRows(texts: Record<string, string>): MetricRowJson[] {
  const row = (date: string, i: number, text: string): MetricRowJson => ({
    date,
    provider: 'Phone',
    metric: metricOf(i),
    numValue: null,
    textValue: text,
    unit: null,
    stream: false,
  });
  return ['2026-11-20', '2026-11-19'].flatMap((date) =>
    NAMES.map((name, i) => row(date, i, texts[name] as string)),
  );
}

async function oddServer(texts: { current: Record<string, string> }) {
  return serve((req, res) => {
    if ((req.url ?? '').includes('/catalog')) return send(res, 200, '{"metrics":[]}');
    const body = JSON.stringify({ data: serverRows(texts.current), next_cursor: null, meta: META });
    // The server sends the surrogate as JSON's escape: the bytes are valid UTF-8.
    expect(body).toContain('"\\ud800"');
    send(res, 200, body);
  });
}

type Target = 'csv' | 'tsv' | 'ndjson' | 'sqlite' | 'parquet';
const FILE: Record<Target, string> = {
  csv: 'h.csv',
  tsv: 'h.tsv',
  ndjson: 'h.ndjson',
  sqlite: 'h.db',
  parquet: 'study',
};

/** Every entry under `dir`, aged, then as inode + mtime: a rewrite or a touch changes it. */
function agedFingerprint(dir: string): string[] {
  const past = new Date('2020-01-01T00:00:00Z');
  for (const f of filesUnder(dir)) utimesSync(f, past, past);
  return filesUnder(dir)
    .sort()
    .map((f) => `${f} ${statSync(f).ino} ${statSync(f).mtimeMs}`);
}

/** The textValue of each note row of 2026-11-20, by metric, as an independent reader sees it. */
async function readBack(target: Target, path: string): Promise<Record<string, unknown>> {
  const pick = (rows: { date: string; metric: string; textValue: unknown }[]) =>
    Object.fromEntries(
      rows.filter((r) => r.date === '2026-11-20').map((r) => [r.metric, r.textValue]),
    );
  if (target === 'csv' || target === 'tsv') {
    const delimiter = target === 'csv' ? ',' : '\t';
    return pick(
      parse(readFileSync(path, 'utf8'), { columns: true, bom: false, delimiter }) as never,
    );
  }
  if (target === 'ndjson') {
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    return pick(lines.map((l) => JSON.parse(l) as never));
  }
  // SQLite and Parquet: as the bytes their own engine reads, so neither the shell's output
  // escaping nor DuckDB's strings in JavaScript (which drop a leading BOM) can hide anything.
  const fromHex = (rows: { date: string; metric: string; hex: string }[]) =>
    pick(rows.map((r) => ({ ...r, textValue: Buffer.from(r.hex, 'hex').toString('utf8') })));
  if (target === 'sqlite') {
    const out = execFileSync(
      '/usr/bin/sqlite3',
      ['-json', path, 'SELECT date, metric, hex(textValue) AS hex FROM metrics'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return fromHex(JSON.parse(out.toString('utf8')) as never);
  }
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT date::VARCHAR AS date, metric, hex(textValue) AS hex
       FROM read_parquet('${path}/**/*.parquet', hive_partitioning = true)`,
    );
    return fromHex(reader.getRowObjectsJS() as never);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

function expected(target: Target, texts: Record<string, string>): Record<string, string> {
  const form = target === 'ndjson' ? (t: string) => t : target === 'sqlite' ? asSqlite : asUtf8;
  return Object.fromEntries(NAMES.map((name, i) => [metricOf(i), form(texts[name] as string)]));
}

const run = (url: string, target: Target, path: string) =>
  spawnCli([
    'sync',
    path,
    ...(target === 'parquet' ? ['--format', 'parquet'] : []),
    '--base-url',
    url,
    '--api-key',
    API_KEY,
  ]);

describe.each(Object.keys(FILE) as Target[])('odd text synced to %s', (target) => {
  it('round-trips as documented, and a second run writes nothing', async () => {
    const texts = { current: { ...TEXTS } };
    const server = await oddServer(texts);
    const dir = tempDir();
    const path = join(dir, FILE[target]);
    const rows = NAMES.length * 2;

    const first = await run(server.url, target, path);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`${rows} rows added, 0 removed, 0 unchanged`);
    expect(await readBack(target, path)).toEqual(expected(target, TEXTS));

    const before = agedFingerprint(dir);
    const again = await run(server.url, target, path);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      `0 rows added, 0 removed, ${rows} unchanged; nothing changed, file not rewritten`,
    );
    expect(agedFingerprint(dir)).toEqual(before);

    // A real change inside odd text is still seen (on both days): it is stored.
    texts.current = { ...TEXTS, NUL: 'a\u0000c' };
    const changed = await run(server.url, target, path);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toContain(`2 rows added, 2 removed, ${rows - 2} unchanged`);
    expect(await readBack(target, path)).toEqual(expected(target, texts.current));
  });
});

describe('odd text in SQLite', () => {
  it('reads back through the sqlite3 shell and the daily view as stored', async () => {
    const server = await oddServer({ current: TEXTS });
    const db = join(tempDir(), 'h.db');
    const first = await run(server.url, 'sqlite', db);
    expect(first.code, first.stderr).toBe(0);
    // The shell's own reading (its JSON), and the daily view's text, hold all of each text:
    // a NUL stored as it was sent would end the text there ('a\0b' read as 'a').
    const daily = sqliteQuery<{ metric: string; text: string; textValue: string }>(
      db,
      `SELECT d.metric, d.text, m.textValue FROM daily d JOIN metrics m USING (date, metric)
       WHERE date = '2026-11-20' ORDER BY d.metric`,
    );
    expect(daily.map((r) => [r.metric, r.text, r.textValue])).toEqual(
      NAMES.map((name, i) => {
        const stored = asSqlite(TEXTS[name] as string);
        return [metricOf(i), stored, stored];
      }),
    );
    expect(
      sqliteQuery(db, "SELECT count(*) AS n FROM metrics WHERE textValue = 'a\ufffdb'"),
    ).toEqual([{ n: 2 }]);
  });
});
