// A sync killed outright (SIGKILL, power loss) cannot clean up after itself. The next sync,
// holding the target's lock, removes what it left:
// - a temp file named with a pid (`.<name>.<pid>.<12 hex>.tmp`, a flat target being rewritten,
//   the same file `metrics -o` writes): only when that run is gone, by the one rule `-o` uses
//   (output/target/temp-name.ts) — a `metrics -o` of the same file may be running now, and
//   takes no sync lock;
// - a new SQLite database's temp file (`.<name>.<12 hex>.tmp`, with its journal or lock
//   directory): those are made only under the sync lock, which we hold, so they are dead;
// - a half-made lock file (`<name>.sync-lock.<12 hex>`, or one renamed aside as
//   `.stale-<12 hex>`).
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Processes } from '../lib/pid.ts';
import { removeDeadTemps } from '../output/target/temp-name.ts';

const SQLITE_TEMP = /^[0-9a-f]{12}\.tmp(-journal|\.lock)?$/;
const LOCK_TEMP = /^(stale-)?[0-9a-f]{12}$/;

/** `target` as typed, `real` with symlinks resolved; the names removed, for a warning each. */
export async function removeLeftovers(
  target: string,
  real: string,
  processes: Processes,
): Promise<string[]> {
  const dir = dirname(real);
  const name = basename(real);
  const removed = await removeDeadTemps(dir, name, processes);
  const sqliteTemp = `.${name}.`;
  removed.push(...(await removeMatching(dir, (n) => matches(n, sqliteTemp, SQLITE_TEMP))));
  // The lock is beside the path as typed.
  const typed = resolve(target);
  const lock = `${basename(typed)}.sync-lock.`;
  removed.push(...(await removeMatching(dirname(typed), (n) => matches(n, lock, LOCK_TEMP))));
  return removed;
}

function matches(file: string, prefix: string, rest: RegExp): boolean {
  return file.startsWith(prefix) && rest.test(file.slice(prefix.length));
}

async function removeMatching(dir: string, wanted: (file: string) => boolean): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter(wanted);
  for (const file of files) await rm(join(dir, file), { recursive: true, force: true });
  return files;
}
