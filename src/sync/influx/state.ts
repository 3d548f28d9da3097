// What a time-series sync has pushed, kept beside the config file (docs/influx.md, "State"):
// `<state dir>/influx-<key>.json`, one per target URL, person and filter set (target.ts), a
// digest of each day's lines. A day is sent again only when its lines differ from the digest,
// so a re-run of unchanged data sends nothing. The file is replaced whole (temp file, rename)
// and only after every batch of a run was accepted: a failed or killed push records nothing,
// and the next run sends those days again (a re-sent point overwrites itself).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { HealthdataError } from '../../lib/errors.ts';

export interface PushState {
  /** The target as shown (no credentials), for a person reading the file. */
  target: string;
  /** Each day pushed, and the digest of its lines. */
  days: Record<string, string>;
}

export function statePath(dir: string, key: string): string {
  return join(dir, `influx-${key}.json`);
}

export function dayDigest(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line);
  return hash.digest('base64url').slice(0, 22);
}

/** The state, or an empty one when there is none (a first run). */
export async function readState(path: string, target: string): Promise<PushState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { target, days: {} };
    throw stateError(path, error);
  }
  try {
    const parsed = JSON.parse(text) as Partial<PushState>;
    const days = parsed.days;
    if (typeof days !== 'object' || days === null) throw new Error('no days');
    return { target, days: Object.fromEntries(Object.entries(days).filter(isDayDigest)) };
  } catch {
    // A damaged file costs one full push (the points overwrite themselves), never a failure.
    return { target, days: {} };
  }
}

function isDayDigest(entry: [string, unknown]): entry is [string, string] {
  return /^\d{4}-\d{2}-\d{2}$/.test(entry[0]) && typeof entry[1] === 'string';
}

export async function writeState(dir: string, path: string, state: PushState): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const sorted = Object.fromEntries(
      Object.entries(state.days).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    await writeFile(temp, JSON.stringify({ target: state.target, days: sorted }, null, 1) + '\n', {
      mode: 0o600,
    });
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw stateError(path, error);
  }
}

function stateError(path: string, error: unknown): HealthdataError {
  const code = (error as NodeJS.ErrnoException).code ?? 'write failed';
  return new HealthdataError(
    'influx_state',
    `cannot keep the sync state in ${path} (${code}) — make its folder writable, or set HEALTHDATA_CONFIG_DIR to one that is`,
    'failure',
    { cause: error },
  );
}
