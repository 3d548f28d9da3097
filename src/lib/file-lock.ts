// A lock held by the kernel, for one writer of a file at a time (a sync's target, the config
// file). Node has no flock(), so the lock is SQLite's: a connection to a lock file holds
// `BEGIN EXCLUSIVE`, which is a POSIX (fcntl) write lock on that file. The kernel drops it when
// the process ends, however it ends (SIGKILL, the OOM killer), and whatever its pid: nothing is
// ever "stale", so nothing is ever taken over — a pid file could not tell a killed container's
// PID 1 from a live one. The journal is off and nothing is written, so the lock file stays
// empty.
//
// The lock file is never removed. A waiter may already have opened it when the holder
// finishes; had the holder unlinked it, the waiter would lock the old, nameless inode while a
// third process created a new file under the name and locked that: two holders at once.
//
// POSIX locks belong to the process, and closing any descriptor of the file drops all of
// them: so nothing but the SQLite connection may open the lock file while it is held (the
// file is created, if missing, before SQLite opens it; the holder's pid is read from
// /proc/locks by inode, without opening the file).
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type Database from 'libsql';
import type { Clock } from './clock.ts';
import { lockHolder } from './lock-holder.ts';

export interface FileLockOptions {
  clock: Clock;
  /** How long to wait for the holder to let go before giving up. */
  waitMs: number;
  signal?: AbortSignal | undefined;
  /** How often to try again while waiting. */
  pollMs?: number;
}

/** The errors of the caller's layer, with its words: the lock knows nothing of what it guards. */
export interface FileLockErrors {
  /** Held by another process past the wait; its pid when /proc/locks tells. */
  busy(pid: number | undefined): Error;
  /** The lock file cannot be created. */
  cannotCreate(error: unknown): Error;
  /** SQLite cannot open or lock it (not a database, no native module). */
  failed(error: unknown): Error;
}

export interface FileLock {
  /** Lets go of the lock; the lock file stays. Safe to call more than once. */
  release(): Promise<void>;
}

const POLL_MS = 200;

/** Holds the lock on the file at `path` (created 0600 if missing), waiting up to `waitMs`. */
export async function holdFileLock(
  path: string,
  options: FileLockOptions,
  errors: FileLockErrors,
): Promise<FileLock> {
  await createLockFile(path, errors);
  const db = await connect(path, errors);
  const release = closer(db);
  const started = options.clock.now();
  try {
    for (;;) {
      if (tryLock(db, errors)) return { release: () => Promise.resolve(release()) };
      if (options.clock.now() - started >= options.waitMs)
        throw errors.busy(await lockHolder(path));
      await options.clock.sleep(options.pollMs ?? POLL_MS, options.signal);
    }
  } catch (error) {
    release();
    throw error;
  }
}

/** Made by us, not by SQLite: private (0600), and a full disk reports ENOSPC, not "cannot open". */
async function createLockFile(path: string, errors: FileLockErrors): Promise<void> {
  // Only when missing: opening and closing it in a process that holds it would drop the lock.
  if ((await stat(path).catch(() => undefined)) !== undefined) return;
  try {
    const handle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o600);
    await handle.close();
  } catch (error) {
    throw errors.cannotCreate(error);
  }
}

async function connect(path: string, errors: FileLockErrors): Promise<Database.Database> {
  try {
    // Loaded only now: a native module, slow to load (a startup cost), that only a writer needs (it
    // fails here on a platform with no prebuilt binary).
    const { default: Sqlite } = await import('libsql');
    // timeout 0: a busy lock fails at once, and the wait is ours, on the injected clock.
    return new Sqlite(path, { timeout: 0 });
  } catch (error) {
    throw errors.failed(error);
  }
}

function tryLock(db: Database.Database, errors: FileLockErrors): boolean {
  try {
    // No journal: a lock that writes nothing needs none, and a waiter must not make one.
    db.exec('PRAGMA journal_mode = OFF');
    db.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY') return false;
    throw errors.failed(error);
  }
}

/**
 * Ends the transaction and closes, once. libsql aborts the whole process (a Rust panic) when a
 * closed connection is asked anything, even `inTransaction`: hence the flag.
 */
function closer(db: Database.Database): () => void {
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    try {
      if (db.inTransaction) db.exec('ROLLBACK');
    } catch {
      // closing lets go of the lock anyway
    }
    try {
      db.close();
    } catch {
      // nothing left to let go of
    }
  };
}
