// A sync that creates the database builds its indexes after the rows (store.ts). The database
// it leaves must be the one that rows inserted under the indexes leave: the same schema, the
// same rows in the same order, numbers exact, indexes in use. Checked through the sqlite3 shell.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { sqliteQuery, sync } from '../helpers/sync.ts';

const TODAY = '2026-11-10';
const INDEXES = ['metrics_daily', 'metrics_date', 'metrics_metric_date'];

let sandbox: Sandbox;
beforeAll(async () => {
  // Realistic data: full-precision doubles, non-ASCII names, numbers only numValueText holds.
  sandbox = await startSandbox({ today: TODAY, plan: 'free', realistic: true });
});
afterAll(async () => {
  await sandbox.close();
});

const shell = (db: string, ...args: string[]): string =>
  execFileSync('/usr/bin/sqlite3', [db, ...args]).toString('utf8');

describe('a first sync into a new database', () => {
  it('leaves what inserting under the indexes leaves, row for row and byte for byte in .dump', async () => {
    const dir = tempDir();
    const bulk = join(dir, 'bulk.db');
    const first = await sync(sandbox, TODAY, bulk);
    expect(first.code, first.stderr).toBe(0);

    // The same schema, indexes included, made empty by the shell: healthdata finds a current
    // database with no rows, and inserts every row with the indexes in place.
    const indexed = join(dir, 'indexed.db');
    shell(indexed, `${shell(bulk, '.schema')}\nPRAGMA user_version = 3;`);
    expect(sqliteQuery(indexed, 'SELECT count(*) AS n FROM metrics')).toEqual([{ n: 0 }]);
    const second = await sync(sandbox, TODAY, indexed);
    expect(second.code, second.stderr).toBe(0);

    // .dump lists rows in rowid order (the API's), with every column, numValueText included.
    const dump = shell(bulk, '.dump metrics');
    expect(dump).toBe(shell(indexed, '.dump metrics'));
    expect(dump).toMatch(/^INSERT INTO metrics VALUES/m);
    expect(
      sqliteQuery(bulk, 'SELECT count(*) AS n FROM metrics WHERE numValueText IS NOT NULL'),
    ).not.toEqual([{ n: 0 }]);
    for (const db of [bulk, indexed]) {
      expect(sqliteQuery(db, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
    const indexes = sqliteQuery<{ name: string }>(
      bulk,
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'metrics' ORDER BY name",
    );
    expect(indexes.map((i) => i.name)).toEqual(INDEXES);
    expect(shell(bulk, "EXPLAIN QUERY PLAN SELECT * FROM daily WHERE metric = 'steps'")).toMatch(
      /USING INDEX metrics_daily/,
    );
    // Built in rollback mode, renamed into place in WAL mode.
    expect(shell(bulk, 'PRAGMA journal_mode').trim()).toBe('wal');
  });
});
