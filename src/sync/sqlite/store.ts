// The SQLite target. Everything a sync changes happens in one transaction, so a failed or
// interrupted sync leaves the database as it was (SQLite rolls back a killed run's journal on
// the next open). A day whose rows come back identical is not touched; a sync that changes
// nothing starts no transaction and leaves the file, and its mtime, alone. A new database is
// built under a temp name and renamed into place, so a failed first sync leaves no file.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Database } from 'node-sqlite3-wasm';
import { RawNumber } from '../../api/exact-numbers.ts';
import type { Meta, MetricRow } from '../../api/types.ts';
import { diffDay, emptyCounts, sameRows, type RowCounts } from '../day-diff.ts';
import type { Day } from '../fetched-days.ts';
import type { SyncFilters } from '../filters.ts';
import { TargetFormatError } from '../flat/codec.ts';
import { loadSqlite } from './load.ts';
import { and, filterSql, identity, rowsOf, saveState } from './queries.ts';
import { SCHEMA_SQL, SCHEMA_VERSION, UPGRADE_SQL } from './schema.ts';

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
  // node-sqlite3-wasm locks with a <db>.lock directory. Callers hold the sync lock, so one
  // found now was left by a killed sync: without removing it, the database would stay busy.
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
  const { Database } = await loadSqlite();
  let db: Database;
  try {
    db = new Database(temp ?? path);
  } catch (error) {
    throw new TargetFormatError(
      `cannot open ${target} as a SQLite database (${(error as Error).message})`,
    );
  }
  const where = filterSql(filters);
  let inTransaction = false;
  const begin = (): void => {
    if (inTransaction) return;
    db.exec('BEGIN IMMEDIATE');
    inTransaction = true;
  };
  try {
    const version = Number(db.get('PRAGMA user_version')?.['user_version'] ?? 0);
    if (version > SCHEMA_VERSION) {
      throw new TargetFormatError(
        `${target} was written by a newer healthdata (schema version ${version}) — upgrade healthdata`,
      );
    }
    if (version === 0) {
      const tables = db.all("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')");
      if (tables.length > 0) {
        throw new TargetFormatError(
          `${target} is a SQLite database that healthdata did not create — sync into a new file`,
        );
      }
      if (temp === undefined) begin();
      db.exec(SCHEMA_SQL);
    } else if (version < SCHEMA_VERSION) {
      // An older healthdata's database: it is upgraded in this sync's transaction, so the
      // sync writes it even when no row changed.
      begin();
      db.exec(UPGRADE_SQL);
    }
  } catch (error) {
    closeQuietly(db, inTransaction);
    await removeTemp(temp);
    if (error instanceof TargetFormatError) throw error;
    throw new TargetFormatError(
      `cannot use ${target} as a SQLite database (${(error as Error).message})`,
    );
  }

  return {
    newestDate() {
      // No WHERE at all without filters: only then does SQLite answer max() from the index.
      const filtered = where.sql === '' ? '' : ` WHERE ${where.sql}`;
      const row = db.get(`SELECT max(date) AS newest FROM metrics${filtered}`, where.params);
      const newest = row?.['newest'];
      return typeof newest === 'string' ? newest : undefined;
    },

    async apply(days, replaceFrom, state) {
      const counts = emptyCounts();
      const range = replaceFrom === undefined ? '1' : 'date >= ?';
      const rangeParams = replaceFrom === undefined ? [] : [replaceFrom];
      const oldDays = db
        .all(`SELECT DISTINCT date FROM metrics WHERE ${and(range, where)} ORDER BY date DESC`, [
          ...rangeParams,
          ...where.params,
        ])
        .map((r) => r['date'] as string);
      const insert = db.prepare(
        'INSERT INTO metrics (date, provider, metric, numValue, textValue, unit, stream) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      try {
        const replaceDay = (date: string, rows: readonly MetricRow[]): void => {
          const before = oldDays[0] === date ? rowsOf(db, date, where) : [];
          if (oldDays[0] === date) oldDays.shift();
          const after = rows.map((r) =>
            identity(r.provider, r.metric, r.numValue, r.textValue, r.unit, r.stream ? 1 : 0),
          );
          diffDay(before, after, counts);
          if (sameRows(before, after)) return;
          begin();
          if (before.length > 0) {
            db.run(`DELETE FROM metrics WHERE ${and('date = ?', where)}`, [date, ...where.params]);
          }
          for (const r of rows) {
            insert.run([
              r.date,
              r.provider,
              r.metric,
              // A number JavaScript cannot hold (1e400) goes in as the text the server sent.
              r.numValue instanceof RawNumber ? r.numValue.text : r.numValue,
              r.textValue,
              r.unit,
              r.stream ? 1 : 0,
            ]);
          }
        };
        for await (const day of days) {
          if (replaceFrom !== undefined && day.date < replaceFrom) continue;
          while (oldDays[0] !== undefined && oldDays[0] > day.date) replaceDay(oldDays[0], []);
          // A day the API sent a broken row for stays as it was (fetched-days.ts).
          if (day.keep && oldDays[0] === day.date) {
            oldDays.shift();
            counts.unchanged += rowsOf(db, day.date, where).length;
          } else if (!day.keep) replaceDay(day.date, day.rows);
        }
        while (oldDays[0] !== undefined) replaceDay(oldDays[0], []);
      } finally {
        insert.finalize();
      }
      const written = inTransaction || temp !== undefined;
      if (written) {
        begin();
        saveState(db, filters, replaceFrom, state);
      }
      return { counts, written };
    },

    async close(commit) {
      if (commit && inTransaction) {
        db.exec('COMMIT');
        inTransaction = false;
      }
      closeQuietly(db, inTransaction);
      if (temp === undefined) return;
      if (commit) {
        // Health data is private: a new database is readable by its owner only.
        await chmod(temp, 0o600);
        await rename(temp, path);
      } else await removeTemp(temp);
    },
  };
}

function closeQuietly(db: Database, rollback: boolean): void {
  try {
    if (rollback) db.exec('ROLLBACK');
  } catch {
    // closing rolls back anyway
  }
  try {
    db.close();
  } catch {
    // already closed
  }
}

async function removeTemp(temp: string | undefined): Promise<void> {
  if (temp === undefined) return;
  await unlink(temp).catch(() => undefined);
  await unlink(`${temp}-journal`).catch(() => undefined);
  await rmdir(`${temp}.lock`).catch(() => undefined);
}
