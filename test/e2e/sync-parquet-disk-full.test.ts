// A disk that fills during a Parquet dataset sync of several people, for real: a 1 MiB tmpfs
// in a private mount namespace (`unshare -m`, as root), seen only by the shell and the
// healthdata processes it runs. Each person's sync fails at a write: the run exits 1 naming
// each, no `.part-*.parquet.tmp` is left anywhere, the files held stay as they were (bytes,
// inode, mtime), a first sync leaves no folder it made, and the next run, with room, completes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { duckRows, servedRows } from '../helpers/dataset.ts';
import { BIN, spawnShell } from '../helpers/spawn.ts';

// The free plan's 30 days, ending early in January: every person has two year partitions.
const TODAY = '2026-01-10';

// Runs inside the namespace; paths come in through the environment. D is a fresh temp dir,
// covered by the tmpfs only inside the namespace; OUT is on the real disk. `state` lists every
// file under the dataset with its inode, mtime (to the nanosecond) and checksum.
const SCRIPT = `
unshare -m sh -c '
  mount -t tmpfs -o size=1m tmpfs "$D" || exit 99
  hd() { "$NODE" "$BIN" sync "$D/study" --format parquet --all-profiles "$@"; }
  state() { find "$D/study" -type f | sort | while read -r f; do echo "$(stat -c "%i %y" "$f") $(cksum < "$f") $f"; done; }
  hd -q -m steps_total; echo "small=$?"
  state > "$OUT/before.txt"
  # Fill the disk but for 8 KiB, two pages: less than any one person'"'"'s new files need (three
  # pages), so the first writes take them and every person fails at a later one.
  cat /dev/zero > "$D/fill" 2>/dev/null; truncate -s -8K "$D/fill"
  hd -q --overlap 60d; echo "full=$?"
  state > "$OUT/after.txt"
  find "$D/study" -name "*.tmp" > "$OUT/temps.txt"
  find "$D/study" -type d -empty > "$OUT/empty-dirs.txt"
  "$NODE" "$BIN" sync "$D/new" --format parquet --all-profiles -q 2>/dev/null; echo "new=$?"
  if [ -e "$D/new" ]; then (cd "$D/new" && find . | sort); else echo gone; fi > "$OUT/new.txt"
  rm "$D/fill"
  hd -q --overlap 60d; echo "room=$?"
  cp -r "$D/study" "$OUT/study"
'`;

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY, plan: 'free', users: 3 });
  const config = tempDir();
  const profiles = Object.fromEntries(
    sandbox.users.map((u) => [u.name, { 'api-key': u.apiKey, 'base-url': sandbox.url }]),
  );
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  env = { HEALTHDATA_CONFIG_DIR: config, HOME: config };
});
afterAll(async () => {
  await sandbox.close();
});

describe('a full disk during a Parquet dataset sync', () => {
  it('fails with exit 1, leaves no temp file and the old files as they were; the next run completes', async () => {
    const [dir, out] = [tempDir(), tempDir()];
    const run = await spawnShell(SCRIPT, {
      env: { ...env, D: dir, OUT: out, NODE: process.execPath, BIN },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('small=0\nfull=1\nnew=1\nroom=0\n');
    const study = join(dir, 'study');
    expect(run.stderr).toBe(
      sandbox.users
        .map(
          (u) =>
            `healthdata: error: profile ${u.name}: cannot write ${study}/profile=${u.name}: no space left on the device (ENOSPC)\n`,
        )
        .join('') +
        'healthdata: error: all 3 profiles failed (user1, user2, user3); nothing was synced\n',
    );
    const read = (name: string): string => readFileSync(join(out, name), 'utf8');
    // Two years for each of three people, all there before, none touched.
    expect(read('before.txt').trim().split('\n')).toHaveLength(6);
    expect(read('after.txt')).toBe(read('before.txt'));
    expect(read('temps.txt')).toBe('');
    expect(read('empty-dirs.txt')).toBe('');
    // A first sync on the full disk: no person's folder is left half made.
    // A first sync that failed takes away the folder it made: no empty dataset is left.
    expect(read('new.txt')).toBe('gone\n');

    // The run with room: everyone's whole window, as the server serves it.
    const dataset = await duckRows(join(out, 'study'));
    expect(Object.keys(dataset).sort()).toEqual(['user1', 'user2', 'user3']);
    for (const u of sandbox.users) expect(dataset[u.name]).toEqual(await servedRows(u.name, env));
  });
});
