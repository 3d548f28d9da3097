// A small JSON state a command keeps between runs (what `mqtt` published to a broker, what
// `alerts` delivered to each destination), in the config folder unless --state names a file.
// One run at a time holds it (the kernel's lock, src/lib/file-lock.ts): two cron jobs that
// overlapped would both send what neither had marked yet. Each save replaces the file whole
// (src/output/atomic-file.ts), so a kill leaves the last saved state, never half of one.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { configDir } from '../config/store.ts';
import type { Env } from '../lib/env.ts';
import type { Clock } from '../lib/clock.ts';
import { HealthdataError, UsageError } from '../lib/errors.ts';
import { holdFileLock } from '../lib/file-lock.ts';
import { isRecord } from '../lib/json.ts';
import { atomicFile } from '../output/atomic-file.ts';

export interface StateFile<T> {
  readonly path: string;
  readonly value: T;
  /** Writes `value` in place of the file, whole. */
  save(value: T): Promise<void>;
  release(): Promise<void>;
}

/** The default place of a state: `<config folder>/state/<name>.json`. */
export function defaultStatePath(env: Env, name: string): string {
  return join(configDir(env), 'state', `${name}.json`);
}

export async function openState<T>(
  given: string,
  empty: T,
  check: (value: Record<string, unknown>) => T | undefined,
  runtime: { clock: Clock; signal: AbortSignal },
): Promise<StateFile<T>> {
  const path = resolve(given);
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw cannot('create the folder of', path, error);
  }
  const lock = await holdFileLock(
    `${path}.lock`,
    { clock: runtime.clock, waitMs: 30_000, signal: runtime.signal },
    {
      busy: (pid) =>
        new HealthdataError(
          'state_busy',
          `another run is using ${path}${pid === undefined ? '' : ` (pid ${pid})`} — wait for it to finish`,
          'failure',
        ),
      cannotCreate: (error) => cannot('create the lock file of', path, error),
      failed: (error) => cannot('lock', path, error),
    },
  );
  try {
    const value = await readState(path, empty, check);
    return {
      path,
      value,
      save: async (next) => {
        const file = await atomicFile(path, undefined);
        try {
          await file.write(`${JSON.stringify(next)}\n`);
          await file.end();
        } catch (error) {
          await file.discard();
          throw error;
        }
      },
      release: () => lock.release(),
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function readState<T>(
  path: string,
  empty: T,
  check: (value: Record<string, unknown>) => T | undefined,
): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return empty;
    throw cannot('read', path, error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const value = isRecord(parsed) ? check(parsed) : undefined;
  if (value === undefined) {
    throw new UsageError(
      `the state file ${path} is not one healthdata wrote — remove it (everything is sent again), or pass --state with another file`,
      'bad_state',
    );
  }
  return value;
}

function cannot(what: string, path: string, error: unknown): HealthdataError {
  const code = (error as { code?: unknown }).code;
  return new HealthdataError(
    'state_failed',
    `cannot ${what} ${path} (${typeof code === 'string' ? code : error instanceof Error ? error.message : 'failed'}) — make the folder writable, or pass --state with another file`,
    'failure',
    { cause: error },
  );
}
