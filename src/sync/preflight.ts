// Checks made before anything is fetched or locked, so that a cron job with a wrong path fails
// at once with a usage error rather than after a download.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../lib/errors.ts';

export async function checkTargetPath(target: string): Promise<void> {
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) {
    throw new UsageError(
      `${target} is a directory — give a file name, e.g. ${target.replace(/\/$/, '')}/health.csv`,
      'bad_target',
    );
  }
  if (existing !== undefined && !existing.isFile()) {
    throw new UsageError(`${target} is not a regular file — give a file name`, 'bad_target');
  }
  const dir = dirname(resolve(target));
  try {
    await access(dir, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(
      `cannot write in ${dir} (${reason}) — check the directory exists and is writable`,
      'bad_target',
    );
  }
}
