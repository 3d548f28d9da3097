// A sync killed outright (SIGKILL, power loss) cannot clean up after itself. The next sync,
// holding the target's lock, removes what it left:
// - a temp file named with a pid (`.<name>.<pid>.<12 hex>.tmp`, a flat target being rewritten,
//   the same file `metrics -o` writes): only when that run is gone, by the one rule `-o` uses
//   (output/target/temp-name.ts) — a `metrics -o` of the same file may be running now, and
//   takes no sync lock;
// - a new SQLite database's temp file (`.<name>.<12 hex>.tmp`, with its journal, WAL or
//   shared-memory file, or the lock directory of healthdata before libsql): those are made only
//   under the sync lock, which we hold, so they are dead;
// - what older healthdata versions used as a lock: a pid file `<name>.sync-lock` and its
//   half-made or renamed-aside copies (`<name>.sync-lock.<12 hex>`, `.stale-<12 hex>`). The
//   kernel lock replaced them; a pid file is removed whatever pid it names, since a pid cannot
//   tell a live owner from a reused pid (a killed container's PID 1).
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Processes } from '../lib/pid.ts';
import { removeDeadTemps } from '../output/target/temp-name.ts';
import { TEMP_FILE } from './parquet/files.ts';

const SQLITE_TEMP = /^[0-9a-f]{12}\.tmp(-journal|-wal|-shm|\.lock)?$/;
const LEGACY_LOCK = /^(\.(stale-)?[0-9a-f]{12})?$/;

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
  // Old versions put their lock beside the path as typed, which may be a symlink's.
  const places = new Set([real, resolve(target)]);
  for (const place of places) {
    const lock = `${basename(place)}.sync-lock`;
    // `.a.db.sync-lock` may be an old lock of `.a.db`, or the live lock of `a.db`: left alone.
    const legacy = (n: string): boolean =>
      matches(n, lock, LEGACY_LOCK) && !(n === lock && lock.startsWith('.'));
    removed.push(...(await removeMatching(dirname(place), legacy)));
  }
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

/**
 * A Parquet dataset's temp files (`.part-<hex>.parquet.tmp` in each `DIR/profile=NAME/year=YYYY`), made only under
 * the dataset's sync lock, which we hold: they are dead. Named relative to `dir`.
 */
export async function removeDatasetLeftovers(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const person of await subfolders(dir, /^profile=/)) {
    for (const year of await subfolders(join(dir, person), /^year=/)) {
      const folder = join(dir, person, year);
      for (const file of await removeMatching(folder, (n) => TEMP_FILE.test(n))) {
        removed.push(join(person, year, file));
      }
    }
  }
  return removed;
}

async function subfolders(dir: string, name: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && name.test(e.name)).map((e) => e.name);
}
