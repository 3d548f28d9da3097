// The lock of one sync target (a file, or a Parquet dataset's folder): --wait seconds for
// another sync of it, on the run's clock, given up when the run is cancelled.
import { acquireLock, type SyncLock } from '../../../sync/lock.ts';
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
