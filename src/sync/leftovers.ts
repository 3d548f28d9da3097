// A sync killed outright (SIGKILL, power loss) cannot clean up after itself: its temp file
// (`.<name>.<12 hex>.tmp`, as both the atomic file and a new SQLite database are named), a
// SQLite journal or lock directory beside it may stay. The next sync holds the target's lock,
// so nothing else is using them: it removes them.
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export async function removeLeftovers(target: string): Promise<string[]> {
  const path = resolve(target);
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  const pattern = /^[0-9a-f]{12}\.tmp(-journal|\.lock)?$/;
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => n.startsWith(prefix) && pattern.test(n.slice(prefix.length)));
  for (const name of stale) await rm(join(dir, name), { recursive: true, force: true });
  return stale;
}
