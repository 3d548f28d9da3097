// One sync of a target at a time, held by the kernel. Node has no flock(), so the lock is
// SQLite's: a connection to a lock file beside the real target (`.<name>.sync-lock`) holds
// `BEGIN EXCLUSIVE` for the whole sync, which is a POSIX (fcntl) write lock on that file. The
// kernel drops it when the process ends, however it ends (SIGKILL, the OOM killer), and
// whatever its pid: nothing is ever "stale", so nothing is ever taken over — the pid file this
// replaces could not tell a killed container's PID 1 from a live one. The journal is off and
// nothing is written, so the lock file stays empty.
//
// The lock file is never removed. A waiter may already have opened it when the holder
// finishes; had the holder unlinked it, the waiter would lock the old, nameless inode while a
// third run created a new file under the name and locked that: two syncs at once.
//
// POSIX locks belong to the process, and closing any descriptor of the file drops all of
// them: so nothing but the SQLite connection may open the lock file while it is held (the
// file is created, if missing, before SQLite opens it; the holder's pid is read from
// /proc/locks by inode, without opening the file).
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type Database from 'libsql';
import type { Clock } from '../lib/clock.ts';
import { HealthdataError } from '../lib/errors.ts';
import { tempPrefix } from '../output/target/temp-name.ts';
import { cannotCreateIn } from '../output/target/writable.ts';
import { lockHolder } from './lock-holder.ts';

export interface LockOptions {
  clock: Clock;
  /** How long to wait for a running sync to finish before giving up. */
  waitMs: number;
  signal: AbortSignal;
}

export interface SyncLock {
  /** Lets go of the lock; the lock file stays. Safe to call more than once. */
  release(): Promise<void>;
}

export class SyncBusyError extends HealthdataError {
  constructor(target: string, pid: number | undefined) {
    const holder = pid === undefined ? '' : ` (pid ${pid})`;
    super('sync_busy', `another sync of ${target} is running${holder}`, 'failure');
  }
}

export class LockError extends HealthdataError {
  constructor(target: string, path: string, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    super('lock_failed', `cannot lock ${target} with ${path}: ${reason}`, 'failure', {
      cause: error,
    });
  }
}

const POLL_MS = 200;

/** The lock file of a target, beside it: `real` is the target with symlinks resolved. */
export function lockPathFor(real: string): string {
  // Cut as temp names are, so that a 255-byte target name still has a lock file.
  return join(dirname(real), `${tempPrefix(basename(real))}.sync-lock`);
}

/** `target` is what the user typed (for messages), `real` where it really is. */
export async function acquireLock(
  target: string,
  real: string,
  options: LockOptions,
): Promise<SyncLock> {
  const path = lockPathFor(real);
  await createLockFile(path, target);
  const db = await connect(path, target);
  const release = closer(db);
  const started = options.clock.now();
  try {
    for (;;) {
      if (tryLock(db, path, target)) return { release: () => Promise.resolve(release()) };
      if (options.clock.now() - started >= options.waitMs) {
        throw new SyncBusyError(target, await lockHolder(path));
      }
      await options.clock.sleep(POLL_MS, options.signal);
    }
  } catch (error) {
    release();
    throw error;
  }
}

/** Made by us, not by SQLite: private (0600), and a full disk reports ENOSPC, not "cannot open". */
async function createLockFile(path: string, target: string): Promise<void> {
  // Only when missing: opening and closing it in a process that holds it would drop the lock.
  if ((await stat(path).catch(() => undefined)) !== undefined) return;
  try {
    const handle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o600);
    await handle.close();
  } catch (error) {
    throw cannotCreateIn(target, dirname(path), error);
  }
}

async function connect(path: string, target: string): Promise<Database.Database> {
  try {
    // Loaded only now: a native module, ~25 ms to load, that only sync needs (it fails here
    // on a platform with no prebuilt binary).
    const { default: Sqlite } = await import('libsql');
    // timeout 0: a busy lock fails at once, and the wait is ours, on the injected clock.
    return new Sqlite(path, { timeout: 0 });
  } catch (error) {
    throw new LockError(target, path, error);
  }
}

function tryLock(db: Database.Database, path: string, target: string): boolean {
  try {
    // No journal: a lock that writes nothing needs none, and a waiter must not make one.
    db.exec('PRAGMA journal_mode = OFF');
    db.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY') return false;
    throw new LockError(target, path, error);
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
