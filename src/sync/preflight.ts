// Checks made before anything is locked or fetched, so that a cron job with a wrong path, or a
// target it may not replace, fails at once rather than after a download.
import { constants } from 'node:fs';
import { access, mkdir, realpath, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../lib/errors.ts';
import { cannotCreateIn, checkReplaceable } from '../output/target/writable.ts';

/**
 * Where the target really is: symlinks resolved, so that one file synced through a link and
 * through its own path is one target (one lock, one set of temp files). A target that does
 * not exist yet is its real directory and its name.
 */
export async function checkTargetPath(target: string): Promise<string> {
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
  const path = resolve(target);
  const real = existing
    ? await realpath(path)
    : join(await realpath(dirname(path)).catch(() => dirname(path)), basename(path));
  await checkReplaceable(real, existing, target);
  return real;
}

/**
 * A Parquet dataset's folder, made (0700) if missing, its parent being there: where it really
 * is, symlinks resolved, so that one lock covers it however it is named; `made` when this run
 * made it (a first sync that fails takes it away again: unmakeDatasetDir).
 */
export async function checkDatasetDir(dir: string): Promise<{ real: string; made: boolean }> {
  const existing = await stat(dir).catch(() => undefined);
  if (existing !== undefined && !existing.isDirectory()) {
    throw new UsageError(
      `${dir} is not a directory — a Parquet dataset is a folder: give a folder name`,
      'bad_target',
    );
  }
  const path = resolve(dir);
  if (existing === undefined) {
    try {
      await mkdir(path, { mode: 0o700 });
    } catch (error) {
      throw cannotCreateIn(dir, dirname(path), error);
    }
  }
  try {
    await access(path, constants.W_OK);
  } catch (error) {
    throw cannotCreateIn(dir, path, error);
  }
  return { real: await realpath(path), made: existing === undefined };
}

/**
 * Takes away a dataset folder this run made, if it is still empty: a first sync that failed
 * (a wrong key, no server) leaves no empty folder that looks like a dataset.
 */
export async function unmakeDatasetDir(real: string): Promise<void> {
  await rmdir(real).catch(() => undefined);
}
