// The lock of one sync target (a file, or a dataset's folder): --wait seconds for another
// sync of it, on the run's clock, given up when the run is cancelled.
import { acquireLock, type SyncLock } from '../../../sync/lock.ts';
import { checkDatasetDir, unmakeDatasetDir } from '../../../sync/preflight.ts';
import type { Context } from '../../context.ts';

/** `target` is what the user typed (for messages), `real` where it really is. */
export function lockTarget(
  target: string,
  real: string,
  flags: { wait: number },
  ctx: Context,
): Promise<SyncLock> {
  return acquireLock(target, real, {
    clock: ctx.clock,
    waitMs: flags.wait * 1000,
    signal: ctx.signal,
  });
}

/** A dataset's folder (Parquet, FHIR), made if missing, and its lock. */
export interface LockedFolder {
  real: string;
  /**
   * Unlocks it; a folder this run made goes again when nothing was synced into it (a first
   * sync that failed leaves no empty folder that looks like a dataset).
   */
  release(synced: boolean): Promise<void>;
}

export async function lockDatasetFolder(
  dir: string,
  flags: { wait: number },
  ctx: Context,
): Promise<LockedFolder> {
  const { real, made } = await checkDatasetDir(dir);
  let lock: SyncLock;
  try {
    lock = await lockTarget(dir, real, flags, ctx);
  } catch (error) {
    if (made) await unmakeDatasetDir(real);
    throw error;
  }
  return {
    real,
    async release(synced) {
      await lock.release();
      if (made && !synced) await unmakeDatasetDir(real);
    },
  };
}
