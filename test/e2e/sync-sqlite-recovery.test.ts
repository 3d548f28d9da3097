// A database that an older healthdata (rollback journal, <db>.lock directory) left behind when
// it was killed mid-transaction: its hot journal is rolled back on the next sync's open, as
// the sqlite3 shell would, so the rows are those from before the transaction.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ROOT } from '../helpers/spawn.ts';
import { DAY0, sqliteQuery, sqliteRows, strays, sync, useDaySandboxes } from '../helpers/sync.ts';

const at = useDaySandboxes();

// Opens the database with libsql in rollback mode, changes every page inside a transaction
// with a cache of a few pages (so changed pages are written into the database file before any
// commit, their originals saved in the journal), and kills itself: a hot journal.
const KILLED_WRITER = `
const Database = require(process.argv[2]);
const db = new Database(process.argv[3]);
db.exec('PRAGMA cache_size = 4');
db.exec('BEGIN IMMEDIATE');
db.exec("UPDATE metrics SET numValue = -1, textValue = hex(randomblob(200))");
db.exec("DELETE FROM metrics WHERE rowid % 3 = 0");
process.kill(process.pid, 'SIGKILL');
`;

describe('a hot journal left by a killed writer', () => {
  it('is rolled back by the next sync: integrity ok, the rows from before it', async () => {
    const dir = tempDir();
    const db = join(dir, 'health.db');
    expect((await sync(at(DAY0), DAY0, db)).code).toBe(0);
    // As an older healthdata left it: rollback mode, and its lock directory.
    execFileSync('/usr/bin/sqlite3', [db, 'PRAGMA journal_mode = DELETE']);
    const rows = sqliteRows(db);
    const before = readFileSync(db);
    mkdirSync(`${db}.lock`);

    const script = join(dir, 'writer.cjs');
    writeFileSync(script, KILLED_WRITER);
    const libsql = join(ROOT, 'node_modules', 'libsql');
    const killed = spawnSync(process.execPath, [script, libsql, db], { env: {} });
    expect(killed.signal, killed.stderr.toString()).toBe('SIGKILL');
    // Hot: the journal holds the originals, and the database file half-written pages.
    expect(statSync(`${db}-journal`).size).toBeGreaterThan(4096);
    expect(readFileSync(db).equals(before)).toBe(false);

    const next = await sync(at(DAY0), DAY0, db);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(`removed ${db}.lock, left by an interrupted sync`);
    // The rolled-back rows are what the API sends: nothing to change, nothing written.
    expect(next.stderr).toMatch(/0 rows added, 0 removed, \d+ unchanged; nothing changed/);
    expect(existsSync(`${db}-journal`)).toBe(false);
    expect(sqliteQuery(db, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(sqliteRows(db)).toEqual(rows);
    expect(readFileSync(db).equals(before)).toBe(true);
    expect(strays(dir, ['health.db', 'writer.cjs'])).toEqual([]);
  });
});
