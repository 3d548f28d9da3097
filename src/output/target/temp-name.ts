// Temp files for atomic --output carry the writer's pid: a later run can tell a dead run's
// leftover (remove it) from a live run's file (leave it alone), without any lock file.
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Processes } from '../../lib/pid.ts';

/** NAME_MAX on Linux and macOS file systems, in bytes. */
const NAME_MAX = 255;
const SUFFIX_MAX = '.4294967295.0123456789ab.tmp'.length;

/** Temp files this process made and has not yet renamed or removed (full paths). */
const ours = new Set<string>();

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

/** Marks a temp file as this process's own while it is being written, or no longer. */
export function ownTemp(path: string, own: boolean): void {
  if (own) ours.add(path);
  else ours.delete(path);
}

/** The pid in a temp name of this target, or undefined when the name is not one. */
export function tempOwner(file: string, name: string): number | undefined {
  const prefix = `${tempPrefix(name)}.`;
  if (!file.startsWith(prefix)) return undefined;
  const match = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(file.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether the run that made a temp file bearing `pid` is gone: no such process, or the pid is
 * ours and the file is not. In a container a run killed as PID 1 is followed by a new PID 1,
 * so a temp file with our pid that we did not make is a dead predecessor's. A live pid that
 * is not ours is left alone even if that process is unrelated (the pid was reused): a stray
 * file is better than a live export's temp file removed under it.
 */
function isOrphan(path: string, pid: number, processes: Processes): boolean {
  return pid === processes.self ? !ours.has(path) : !processes.isAlive(pid);
}

/** Removes temp files of `name` in `dir` whose run is gone (killed, OOM). Best effort. */
export async function removeDeadTemps(
  dir: string,
  name: string,
  processes: Processes,
): Promise<string[]> {
  const removed: string[] = [];
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files) {
    const pid = tempOwner(file, name);
    if (pid === undefined || !isOrphan(join(dir, file), pid, processes)) continue;
    await unlink(join(dir, file)).then(
      () => removed.push(file),
      () => undefined,
    );
  }
  return removed;
}
