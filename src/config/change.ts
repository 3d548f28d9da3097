// A change to the config file lands whole or fails loudly. Twenty `config set api-key --profile
// pN` at once each read the file, added their profile and wrote it back: the last writer won
// and the others' keys were lost, though each had said "saved". So a change holds the kernel
// lock of the config directory (src/lib/file-lock.ts, the lock a sync takes on its target),
// reads the file afresh under it (conf reads the file on every access: nothing is cached),
// checks and applies the change, lets conf write it atomically (a temp file renamed over it),
// and only then lets go. A lock not had within a few seconds is one line, exit 1.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Clock } from '../lib/clock.ts';
import type { Env } from '../lib/env.ts';
import { HealthdataError } from '../lib/errors.ts';
import { holdFileLock } from '../lib/file-lock.ts';
import { configDir, configPath, openConfig, type ConfigStore } from './store.ts';

export interface ChangeOptions {
  clock: Clock;
  signal?: AbortSignal | undefined;
  /** How long to wait for another change to finish; a few seconds unless a test says. */
  waitMs?: number;
}

/** A change takes milliseconds: a wait this long means a stuck or very slow holder. */
const WAIT_MS = 5000;
/** Short: a queue of changes each taking a few ms should not wait 200 ms a turn. */
const POLL_MS = 20;

/** The lock file beside the config file: never removed (file-lock.ts says why). */
export function configLockPath(env: Env): string {
  return resolve(configDir(env), '.config.json.lock');
}

/**
 * Runs `change` on the config file as it is now, with no other healthdata changing it at the
 * same time; what it sets, deletes or renames is written before the lock is let go.
 */
export async function changeConfig<T>(
  env: Env,
  options: ChangeOptions,
  change: (store: ConfigStore) => T,
): Promise<T> {
  const dir = configDir(env);
  const path = configPath(env);
  // Ours: private, as openConfig would make it, and before the lock file goes into it.
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Opened (conf loaded) before the lock, to keep the time it is held short: every read of
  // the store reads the file, so what `change` sees is the file as it is under the lock.
  const store = await openConfig(env);
  const lockPath = configLockPath(env);
  const lock = await holdFileLock(
    lockPath,
    {
      clock: options.clock,
      waitMs: options.waitMs ?? WAIT_MS,
      signal: options.signal,
      pollMs: POLL_MS,
    },
    {
      busy: (pid) =>
        new HealthdataError(
          'config_busy',
          `the config file ${path} is being changed by another healthdata${pid === undefined ? '' : ` (pid ${pid})`} and stayed locked for ${Math.round((options.waitMs ?? WAIT_MS) / 1000)} s — nothing was changed; try again`,
          'failure',
        ),
      cannotCreate: (error) => lockFailed(path, lockPath, error),
      failed: (error) => lockFailed(path, lockPath, error),
    },
  );
  try {
    return change(store);
  } finally {
    await lock.release();
  }
}

function lockFailed(path: string, lockPath: string, error: unknown): HealthdataError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason =
    typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return new HealthdataError(
    'config_lock_failed',
    `cannot lock the config file ${path} with ${lockPath} (${reason}) — nothing was changed; check that directory's permissions`,
    'failure',
    { cause: error },
  );
}
