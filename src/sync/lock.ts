// One sync of a target at a time. The lock is a file beside the target holding the owner's pid,
// created atomically (written under a temp name, then hard-linked into place, which fails if
// it exists), so a reader never sees it empty. A lock whose pid is dead is left over from a
// killed run and is taken over; taking over renames it aside first, so two runs that find the
// same stale lock cannot both take it.
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import { HealthdataError } from '../lib/errors.ts';

export interface LockOptions {
  pid: number;
  /** False only when no process has this pid. */
  isAlive(pid: number): boolean;
  clock: Clock;
  /** How long to wait for a running sync to finish before giving up. */
  waitMs: number;
  signal: AbortSignal;
  /** Told when a stale lock was taken over: its dead pid, or null if it held none. */
  onStale?(pid: number | null): void;
}

export interface SyncLock {
  release(): Promise<void>;
}

export class SyncBusyError extends HealthdataError {
  constructor(target: string, pid: number) {
    super('sync_busy', `another sync of ${target} is running (pid ${pid})`, 'failure');
  }
}

const POLL_MS = 200;

export function lockPathFor(target: string): string {
  return `${target}.sync-lock`;
}

export async function acquireLock(target: string, options: LockOptions): Promise<SyncLock> {
  const path = lockPathFor(target);
  const started = options.clock.now();
  for (;;) {
    if (await tryCreate(path, options.pid)) {
      return { release: () => releaseLock(path, options.pid) };
    }
    const owner = await readPid(path);
    if (owner === undefined) continue; // released meanwhile: try again at once
    if (owner === null || !options.isAlive(owner)) {
      if (await takeOver(path, owner)) options.onStale?.(owner);
      continue;
    }
    if (options.clock.now() - started >= options.waitMs) throw new SyncBusyError(target, owner);
    await options.clock.sleep(POLL_MS, options.signal);
  }
}

async function tryCreate(path: string, pid: number): Promise<boolean> {
  const temp = `${path}.${randomBytes(6).toString('hex')}`;
  await writeFile(temp, `${pid}\n`, { mode: 0o600 });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: our temp file vanished, removed as a leftover by the sync that holds the lock.
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The owner's pid; null if the file holds no pid; undefined if there is no lock any more. */
async function readPid(path: string): Promise<number | null | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

async function takeOver(path: string, stalePid: number | null): Promise<boolean> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // someone else did
    throw error;
  }
  const moved = await readPid(aside);
  if (moved !== stalePid && moved !== undefined) {
    // Between reading and renaming, the stale lock was replaced by a live one: put it back.
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
  return moved === stalePid;
}

async function releaseLock(path: string, pid: number): Promise<void> {
  if ((await readPid(path).catch(() => undefined)) === pid)
    await unlink(path).catch(() => undefined);
}
