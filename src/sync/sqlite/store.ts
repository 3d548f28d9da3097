// The SQLite target. Everything a sync changes happens in one transaction, so a failed or
// interrupted sync leaves the database as it was (a killed run's journal or WAL is recovered
// on the next open, by SQLite itself). A day whose rows come back identical is not touched; a
// sync that changes nothing starts no transaction and leaves the file, and its mtime, alone.
// A new database is built under a temp name and renamed into place, so a failed first sync
// leaves no file.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Meta } from '../../api/types.ts';
import type { RowCounts } from '../day-diff.ts';
import { planDays, type HeldDay } from '../day-plan.ts';
import type { Day } from '../fetched-days.ts';
import type { SyncFilters } from '../filters.ts';
import {
  closeDatabase,
  finishNewDatabase,
  journalMode,
  openDatabase,
  removeDatabaseFiles,
  useWal,
} from './connection.ts';
import { describeSqliteFailure } from './errors.ts';
import type { Database } from './load.ts';
import {
  and,
  column,
  filterSql,
  rowsOf,
  saveState,
  scalar,
  type FilterSql,
  type HeldRow,
} from './queries.ts';
import { rowIdentity } from '../row-identity.ts';
import { sqliteText, storedRow } from '../stored-text.ts';
import { rowInserter } from './insert.ts';
import { prepareSchema } from './schema-check.ts';
import { INDEX_SQL } from './schema.ts';

export interface SqliteTarget {
  /** The newest date held for the filters, not after `notAfter` (a plausible date). */
  newestDate(notAfter: string): string | undefined;
  apply(
    days: AsyncIterable<Day>,
    replaceFrom: string | undefined,
    state: { meta: Meta | undefined; nowIso: string },
  ): Promise<{ counts: RowCounts; written: boolean }>;
  /** Closes; on failure (or when `commit` is false) the target stays as it was. */
  close(commit: boolean): Promise<void>;
}

export async function openSqliteTarget(
  target: string,
  filters: SyncFilters,
  onNotice: (message: string) => void,
): Promise<SqliteTarget> {
  const path = resolve(target);
  const exists = (await stat(path).catch(() => undefined)) !== undefined;
  // healthdata on node-sqlite3-wasm locked with a <db>.lock directory. Callers hold
  // the sync lock, so one found now was left by a killed sync of that version.
  if (
    exists &&
    (await rmdir(`${path}.lock`).then(
      () => true,
      () => false,
    ))
  ) {
    onNotice(`removed ${path}.lock, left by an interrupted sync`);
  }
  const temp = exists
    ? undefined
    : join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const file = temp ?? path;
  const failure = (error: unknown): Promise<unknown> => describeSqliteFailure(error, target, file);
  let db: Database | undefined;
  let inTransaction = false;
  let wal = false;
  /** The schema was created by this sync: its indexes are built after the rows, at commit. */
  let indexesPending = false;
  const begin = (): void => {
    if (inTransaction || db === undefined) return;
    // An existing database goes to WAL mode on its first write (a new one: in finishNewDatabase).
    if (temp === undefined && !wal) {
      useWal(db);
      wal = true;
    }
    db.exec('BEGIN IMMEDIATE');
    inTransaction = true;
  };
  const discard = async (): Promise<void> => {
    if (db !== undefined) {
      rollbackQuietly(db, inTransaction);
      inTransaction = false;
      await closeDatabase(db, file);
      db = undefined;
    }
    if (temp !== undefined) await removeDatabaseFiles(temp);
  };

  try {
    db = await openDatabase(file);
    wal = journalMode(db) === 'wal';
    // The index build's sorter spills to a temp file, not to memory (libsql's default), which
    // would hold every key of a first sync at once (`npm run bench -- --only sync-sqlite`).
    db.exec('PRAGMA temp_store = FILE');
    indexesPending = prepareSchema(db, target, begin);
  } catch (error) {
    await discard();
    throw await failure(error);
  }
  const where = filterSql(filters);

  return {
    newestDate(notAfter) {
      if (db === undefined) throw new Error('the database is closed');
      const filtered = where.sql === '' ? '' : ` AND ${where.sql}`;
      // A row dated in the future (a device with a wrong clock) must not hold the start there.
      const newest = scalar(db, `SELECT max(date) FROM metrics WHERE date <= ?${filtered}`, [
        notAfter,
        ...where.params,
      ]);
      return typeof newest === 'string' ? newest : undefined;
    },

    async apply(days, replaceFrom, state) {
      if (db === undefined) throw new Error('the database is closed');
      try {
        const counts = await replaceDays(db, days, replaceFrom, where, begin);
        const written = inTransaction || temp !== undefined;
        if (written) {
          begin();
          saveState(db, filters, replaceFrom, state);
        }
        return { counts, written };
      } catch (error) {
        throw await failure(error);
      }
    },

    async close(commit) {
      if (db === undefined) return;
      if (!commit) return discard();
      try {
        if (indexesPending) db.exec(INDEX_SQL);
        indexesPending = false;
        if (inTransaction) db.exec('COMMIT');
        inTransaction = false;
        await closeDatabase(db, file);
        db = undefined;
        if (temp === undefined) return;
        await finishNewDatabase(temp);
        // Health data is private: a new database is readable by its owner only.
        await chmod(temp, 0o600);
        await rename(temp, path);
      } catch (error) {
        await discard();
        throw await failure(error);
      }
    },
  };
}

/** Replaces the days that changed, as the day plan says (day-plan.ts); returns what changed. */
async function replaceDays(
  db: Database,
  days: AsyncIterable<Day>,
  replaceFrom: string | undefined,
  where: FilterSql,
  begin: () => void,
): Promise<RowCounts> {
  const range = replaceFrom === undefined ? '1' : 'date >= ?';
  const heldDates = column(
    db,
    `SELECT DISTINCT date FROM metrics WHERE ${and(range, where)} ORDER BY date DESC`,
    [...(replaceFrom === undefined ? [] : [replaceFrom]), ...where.params],
  ) as string[];
  // Each day read when the plan reaches it, and only the rows the filters own: all held are.
  function* held(): Generator<HeldDay<HeldRow>> {
    for (const date of heldDates) yield { date, rows: rowsOf(db, date, where) };
  }
  const plan = planDays(held(), days, replaceFrom, {
    owns: () => true,
    identity: (r) => r.id,
    // Stored, and so compared, as SQLite TEXT holds them (stored-text.ts: no NUL, no lone surrogate).
    stored: (rows) =>
      rows.map((r) => {
        const row = storedRow(r, sqliteText);
        return { provider: row.provider, metric: row.metric, id: rowIdentity(row) };
      }),
  });
  const insert = rowInserter(db);
  const remove = db.prepare(`DELETE FROM metrics WHERE ${and('date = ?', where)}`);
  for await (const step of plan.steps) {
    if (step.action === 'keep') continue;
    begin();
    if (step.action !== 'add') remove.run([step.date, ...where.params]);
    insert(step.sent.map((r) => storedRow(r, sqliteText)));
  }
  return plan.counts;
}

function rollbackQuietly(db: Database, rollback: boolean): void {
  try {
    if (rollback) db.exec('ROLLBACK');
  } catch {
    // a failed write may have rolled back already; closing rolls back anyway
  }
}
