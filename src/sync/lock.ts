// One sync of a target at a time, held by the kernel (src/lib/file-lock.ts says how): a lock
// file beside the real target (`.<name>.sync-lock`), held for the whole sync. This file gives
// it the sync's words: which target is busy, and what cannot be locked.
import { basename, dirname, join } from 'node:path';
import type { Clock } from '../lib/clock.ts';
import { HealthdataError } from '../lib/errors.ts';
import { holdFileLock, type FileLock } from '../lib/file-lock.ts';
import { tempPrefix } from '../output/target/temp-name.ts';
import { cannotCreateIn } from '../output/target/writable.ts';

export interface LockOptions {
  clock: Clock;
  /** How long to wait for a running sync to finish before giving up. */
  waitMs: number;
  signal: AbortSignal;
}

export type SyncLock = FileLock;

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
  return holdFileLock(path, options, {
    busy: (pid) => new SyncBusyError(target, pid),
    cannotCreate: (error) => cannotCreateIn(target, dirname(path), error),
    failed: (error) => new LockError(target, path, error),
  });
}
