// `healthdata sync` as cron runs it: real processes, overlapping runs, signals, and runs killed
// outright (SIGKILL) that leave a lock and a half-done transaction behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { addDays, TODAY } from '../helpers/sandbox.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { agedMtime, freshExport, ndjsonRows, sqliteRows, strays } from '../helpers/sync.ts';

const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });
const BUSY = /^healthdata: error: another sync of (\S+) is running \(pid (\d+)\)\n$/;

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A pid that no process has: one of a process that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('overlapping runs', () => {
  it('two syncs of one target at once leave a correct target', async () => {
    const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 20 });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.csv');
      const args = ['sync', target, '--page-size', '50'];
      const [a, b] = await Promise.all([
        spawnCli(args, { env: envFor(slow) }),
        spawnCli(args, { env: envFor(slow) }),
      ]);
      for (const run of [a, b]) {
        if (run.code !== 0) {
          expect(run.code).toBe(1);
          expect(run.stderr).toMatch(BUSY);
        }
      }
      expect([a.code, b.code]).toContain(0);
      expect(readFileSync(target, 'utf8')).toBe(await freshExport(slow, TODAY, 'csv'));
      expect(strays(dir, ['health.csv'])).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('--wait 0 gives up at once, naming the running sync; SIGTERM then stops that one cleanly', async () => {
    const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 150 });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.db');
      let pid = 0;
      let second: Awaited<ReturnType<typeof spawnCli>> | undefined;
      const first = await spawnCli(['sync', target, '--page-size', '10'], {
        env: envFor(slow),
        onStart: (child) => {
          pid = child.pid ?? 0;
          void until(() => slow.requests.length >= 2)
            .then(async () => {
              second = await spawnCli(['sync', target, '--wait', '0'], { env: envFor(slow) });
            })
            .then(() => child.kill('SIGTERM'));
        },
      });
      expect(second?.code).toBe(1);
      expect(second?.stderr).toBe(
        `healthdata: error: another sync of ${target} is running (pid ${pid})\n`,
      );
      expect(first.code).toBe(143);
      expect(first.stderr).toBe('healthdata: stopped by SIGTERM\n');
      // A first sync that was stopped leaves nothing: no database, no temp file, no lock.
      expect(strays(dir, [])).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe('signals', () => {
  it('SIGINT in the middle of a sync leaves an existing file exactly as it was, exits 130', async () => {
    const now = await startSandbox({ today: TODAY, plan: 'free' });
    const slow = await startSandbox({ today: addDays(TODAY, 2), plan: 'free', latencyMs: 150 });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.csv');
      expect((await spawnCli(['sync', target], { env: envFor(now) })).code).toBe(0);
      const before = readFileSync(target, 'utf8');
      const mtime = agedMtime(target);
      const stopped = await spawnCli(['sync', target, '--page-size', '10', '--overlap', '20d'], {
        env: envFor(slow),
        onStart: (child) => {
          void until(() => slow.requests.length >= 3).then(() => child.kill('SIGINT'));
        },
      });
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toBe('healthdata: stopped by SIGINT\n');
      expect(readFileSync(target, 'utf8')).toBe(before);
      expect(statSync(target).mtimeMs).toBe(mtime);
      expect(strays(dir, ['health.csv'])).toEqual([]);
    } finally {
      await Promise.all([now.close(), slow.close()]);
    }
  });
});

describe('stale locks', () => {
  it('a lock left by a dead process is taken over, with a warning', async () => {
    const sandbox = await startSandbox({ today: TODAY, plan: 'free' });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.ndjson');
      const dead = deadPid();
      writeFileSync(`${target}.sync-lock`, `${dead}\n`);
      const result = await spawnCli(['sync', target], { env: envFor(sandbox) });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(
        `warning: took over the lock of an interrupted sync of ${target} (pid ${dead})\n`,
      );
      expect(readFileSync(target, 'utf8')).toBe(await freshExport(sandbox, TODAY, 'ndjson'));
      expect(existsSync(`${target}.sync-lock`)).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('a SQLite sync killed mid-transaction is rolled back, and the next sync completes', async () => {
    const today = await startSandbox({ today: TODAY, plan: 'free' });
    const later = addDays(TODAY, 4);
    const slowLater = await startSandbox({ today: later, plan: 'free', latencyMs: 100 });
    const laterFast = await startSandbox({ today: later, plan: 'free' });
    try {
      const dir = tempDir();
      const db = join(dir, 'health.sqlite');
      expect((await spawnCli(['sync', db], { env: envFor(today) })).code).toBe(0);
      const before = sqliteRows(db);
      // Pages of 20 rows, ~40 rows a day: by the 10th request whole days have been replaced
      // inside the open transaction, and most of the 20 days are still to come.
      const killed = await spawnCli(['sync', db, '--page-size', '20', '--overlap', '20d'], {
        env: envFor(slowLater),
        onStart: (child) => {
          void until(() => slowLater.requests.length >= 10).then(() => child.kill('SIGKILL'));
        },
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(existsSync(`${db}.sync-lock`)).toBe(true);
      // WAL mode: the half-done transaction's pages went to the WAL, never to the database.
      expect(existsSync(`${db}-wal`)).toBe(true);
      // What a reader sees now: the WAL's uncommitted pages are ignored.
      expect(sqliteRows(db)).toEqual(before);

      const next = await spawnCli(['sync', db], { env: envFor(laterFast) });
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toContain('warning: took over the lock of an interrupted sync');
      const fresh = ndjsonRows(await freshExport(laterFast, later, 'ndjson'));
      const floor = addDays(later, -29);
      expect(sqliteRows(db)).toEqual([...fresh, ...before.filter((r) => r.date < floor)]);
      expect(execFileSync('/usr/bin/sqlite3', [db, 'PRAGMA integrity_check']).toString()).toBe(
        'ok\n',
      );
      expect(strays(dir, ['health.sqlite'])).toEqual([]);
    } finally {
      await Promise.all([today.close(), slowLater.close(), laterFast.close()]);
    }
  });
});

describe('leftovers of a killed first sync', () => {
  it('are removed by the next sync, which then writes the target', async () => {
    const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 100 });
    const fast = await startSandbox({ today: TODAY, plan: 'free' });
    try {
      const dir = tempDir();
      const db = join(dir, 'new.db');
      const killed = await spawnCli(['sync', db, '--page-size', '20'], {
        env: envFor(slow),
        onStart: (child) => {
          void until(() => slow.requests.length >= 10).then(() => child.kill('SIGKILL'));
        },
      });
      expect(killed.signal).toBe('SIGKILL');
      const left = strays(dir, []);
      expect(left).toContain('new.db.sync-lock');
      expect(left.some((n) => /^\.new\.db\.[0-9a-f]{12}\.tmp$/.test(n))).toBe(true);
      expect(existsSync(db)).toBe(false);

      const next = await spawnCli(['sync', db], { env: envFor(fast) });
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toMatch(
        /warning: removed \.new\.db\.[0-9a-f]{12}\.tmp, left by an interrupted sync/,
      );
      expect(strays(dir, ['new.db'])).toEqual([]);
      expect(sqliteRows(db)).toEqual(ndjsonRows(await freshExport(fast, TODAY, 'ndjson')));
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });
});
