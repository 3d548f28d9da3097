// How the database file is opened and closed. Native SQLite locks with fcntl and journals as
// the sqlite3 shell does, so a hot journal or WAL left by a killed run is recovered on open,
// and in WAL mode readers (the shell, Datasette, Grafana) keep reading the last commit while a
// sync writes.
import { existsSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadSqlite, type Database } from './load.ts';
import { scalar } from './queries.ts';

/**
 * How long a write waits for a lock: a reader of a rollback-mode database (one an older
 * healthdata wrote) holds it for its query, seconds for a scan of a large table; in WAL mode only
 * the switch to WAL and the checkpoint on close ever wait, and only for a moment.
 */
const BUSY_TIMEOUT_MS = 10_000;

export async function openDatabase(file: string): Promise<Database> {
  const Database = await loadSqlite();
  return new Database(file, { timeout: BUSY_TIMEOUT_MS });
}

export function journalMode(db: Database): string {
  return String(scalar(db, 'PRAGMA journal_mode'));
}

/**
 * WAL: a commit is appended to <db>-wal, so readers see the old rows or the new, never a
 * half-written page, and are not locked out while it happens. The mode is stored in the file;
 * it cannot change inside a transaction, so this runs just before the first write.
 */
export function useWal(db: Database): void {
  const mode = String(scalar(db, 'PRAGMA journal_mode = WAL'));
  if (mode !== 'wal') throw new Error(`cannot switch the database to WAL mode (it stays ${mode})`);
}

/**
 * Closes for real. libsql closes the SQLite connection only when its last prepared statement is
 * garbage-collected, and until then the -wal and -shm files stay and the WAL is not folded back
 * into the database file. The caller has dropped every statement; a full collection runs their
 * finalizers on a later turn of the event loop. One turn was enough in a fresh process, not in
 * a long-lived one with a large heap (the test suite's workers, an MCP server): so, while
 * `file`'s WAL is still there, collect and wait again, a bounded number of times. The file is
 * complete when this returns.
 */
export async function closeDatabase(db: Database, file: string): Promise<void> {
  try {
    // Folds the WAL back while readers go on reading (a checkpoint does not lock them out), so
    // that the close, which takes the file's exclusive lock to remove the WAL, is a moment.
    if (db.inTransaction === false && journalMode(db) === 'wal') {
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    }
  } catch {
    // the close checkpoints anyway
  }
  try {
    db.close();
  } catch {
    // already closed
  }
  for (let round = 0; round < 10; round++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
    // Another process reading the file keeps its WAL: then it is theirs to remove.
    if (!existsSync(`${file}-wal`)) return;
  }
}

let gc: (() => void) | undefined;

function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * Puts a database built under a temp name in WAL mode, and checks that nothing of it is left
 * beside it but the file, so that renaming the file moves all of it. The build ran in rollback
 * mode (a new file has nothing to roll back to, and each page is written once, not twice). A
 * connection that never prepares a statement closes at once, and its close removes the WAL.
 */
export async function finishNewDatabase(temp: string): Promise<void> {
  const db = await openDatabase(temp);
  try {
    db.exec('PRAGMA journal_mode = WAL');
  } finally {
    db.close();
  }
  // Bytes 18 and 19 of the header are 2 in WAL mode (https://sqlite.org/fileformat.html).
  const header = Buffer.alloc(20);
  const file = await open(temp, 'r');
  try {
    await file.read(header, 0, 20, 0);
  } finally {
    await file.close();
  }
  if (header[18] !== 2 || header[19] !== 2) throw new Error(`${temp} is not in WAL mode`);
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${temp}${suffix}`)) throw new Error(`${temp}${suffix} is still there`);
  }
}

export async function removeDatabaseFiles(file: string): Promise<void> {
  for (const suffix of ['', '-journal', '-wal', '-shm']) {
    await unlink(`${file}${suffix}`).catch(() => undefined);
  }
}
