// A sync killed outright (SIGKILL, power loss) cannot clean up after itself: its temp file
// (`.<name>.<pid>.<12 hex>.tmp` as the atomic file names it, `.<name>.<12 hex>.tmp` as a new
// SQLite database is named), SQLite's journal, WAL or shared-memory file beside it (or the lock
// directory of healthdata before libsql), or a half-made lock file (`<name>.sync-lock.
// <12 hex>`, or one renamed aside as `.stale-<12 hex>`) may stay. The next sync holds the
// target's lock, so nothing else is using them: it removes them.
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

const TEMP = /^(\d+\.)?[0-9a-f]{12}\.tmp(-journal|-wal|-shm|\.lock)?$/;
const LOCK_TEMP = /^(stale-)?[0-9a-f]{12}$/;

export async function removeLeftovers(target: string): Promise<string[]> {
  const path = resolve(target);
  const dir = dirname(path);
  const name = basename(path);
  const temp = `.${name}.`;
  const lock = `${name}.sync-lock.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter(
    (n) =>
      (n.startsWith(temp) && TEMP.test(n.slice(temp.length))) ||
      (n.startsWith(lock) && LOCK_TEMP.test(n.slice(lock.length))),
  );
  for (const n of stale) await rm(join(dir, n), { recursive: true, force: true });
  return stale;
}
