// Temp files for atomic --output carry the writer's pid: a later run can tell a dead run's
// leftover (remove it) from a live run's file (leave it alone), without any lock file.
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** NAME_MAX on Linux and macOS file systems, in bytes. */
const NAME_MAX = 255;
const SUFFIX_MAX = '.4294967295.0123456789ab.tmp'.length;

/** The part of a temp name that names its target: `.name` cut to leave room for the suffix. */
export function tempPrefix(name: string): string {
  let base = `.${name}`;
  // Cut by bytes, not characters: a multi-byte name must still fit in NAME_MAX.
  while (Buffer.byteLength(base) + SUFFIX_MAX > NAME_MAX) base = [...base].slice(0, -1).join('');
  return base;
}

export function tempName(name: string, pid: number): string {
  return `${tempPrefix(name)}.${pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** The pid in a temp name of this target, or undefined when the name is not one. */
export function tempOwner(file: string, name: string): number | undefined {
  const prefix = `${tempPrefix(name)}.`;
  if (!file.startsWith(prefix)) return undefined;
  const match = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(file.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}

/** Removes temp files of `name` in `dir` whose run is gone (killed, OOM). Best effort. */
export async function removeDeadTemps(
  dir: string,
  name: string,
  isAlive: (pid: number) => boolean,
): Promise<string[]> {
  const removed: string[] = [];
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files) {
    const pid = tempOwner(file, name);
    if (pid === undefined || isAlive(pid)) continue;
    await unlink(join(dir, file)).then(
      () => removed.push(file),
      () => undefined,
    );
  }
  return removed;
}
