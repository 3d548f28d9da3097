// A full disk under a SQLite target, for real: a 256 KiB tmpfs mounted in a private mount
// namespace (`unshare -m`, as root), seen only by the shell and the healthdata processes it
// runs. The failure is one line as for `-o`, exit 1, and the target is as it was, with nothing
// beside it but the empty lock files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { BIN, spawnShell } from '../helpers/spawn.ts';
import { DAY0 } from '../helpers/sync.ts';

// Runs inside the namespace; paths come in through the environment. The target directory is
// a fresh temp dir, covered by the tmpfs only inside the namespace; OUT is on the real disk.
const SCRIPT = `
unshare -m sh -c '
  mount -t tmpfs -o size=256k tmpfs "$D" || exit 99
  "$NODE" "$BIN" sync -q "$D/h.db" -m steps_total; echo "small=$?"
  cp "$D/h.db" "$OUT/before.db"
  "$NODE" "$BIN" sync -q "$D/h.db" -m heart_rate --from 40d; echo "large=$?"
  "$NODE" "$BIN" sync -q "$D/new.db" --from 40d; echo "new=$?"
  ls -A "$D" > "$OUT/left.txt"
  find "$D" -name ".*.sync-lock" -size +0 > "$OUT/locks.txt"
  cp "$D/h.db" "$OUT/after.db"
  sqlite3 "$D/h.db" "PRAGMA integrity_check" > "$OUT/check.txt"
'`;

describe('a full disk', () => {
  it('fails a SQLite sync with one line, and leaves the target as it was and nothing else', async () => {
    const pro = await startSandbox({ today: DAY0, plan: 'pro' });
    try {
      const [dir, out] = [tempDir(), tempDir()];
      const run = await spawnShell(SCRIPT, {
        env: {
          D: dir,
          OUT: out,
          NODE: process.execPath,
          BIN,
          HEALTHDATA_BASE_URL: pro.url,
          HEALTHDATA_API_KEY: pro.apiKey,
        },
      });
      expect(run.code, run.stderr).toBe(0);
      // A year of steps_total fits in 256 KiB; 40 days of heart_rate samples do not.
      expect(run.stdout).toBe('small=0\nlarge=1\nnew=1\n');
      expect(run.stderr).toBe(
        `healthdata: error: cannot write ${dir}/h.db: no space left on the device (ENOSPC)\n` +
          `healthdata: error: cannot write ${dir}/new.db: no space left on the device (ENOSPC)\n`,
      );
      const [before, after] = ['before.db', 'after.db'].map((f) => readFileSync(join(out, f)));
      expect(after?.equals(before as Buffer)).toBe(true);
      // No temp database, no -wal, -shm or -journal; only the sync locks, which are kept
      // (empty) by design: unlinking a lock file races with a waiter (src/sync/lock.ts).
      expect(readFileSync(join(out, 'left.txt'), 'utf8')).toBe(
        '.h.db.sync-lock\n.new.db.sync-lock\nh.db\n',
      );
      expect(readFileSync(join(out, 'locks.txt'), 'utf8')).toBe('');
      expect(readFileSync(join(out, 'check.txt'), 'utf8')).toBe('ok\n');
    } finally {
      await pro.close();
    }
  });
});
