// `healthdata sync` as cron runs it: real processes, overlapping runs, signals, and runs killed
// outright (SIGKILL) that leave a half-done transaction or temp file behind. The lock itself:
// e2e/sync-lock.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { addDays, TODAY } from '../helpers/sandbox.ts';
import { spawnCli, until } from '../helpers/spawn.ts';
import { agedMtime, freshExport, ndjsonRows, sqliteRows, strays } from '../helpers/sync.ts';

// Each sync runs on its sandbox's today: a sandbox days later is a later night's cron run.
const envFor = (s: Sandbox) => ({
  HEALTHDATA_BASE_URL: s.url,
  HEALTHDATA_API_KEY: s.apiKey,
  HEALTHDATA_TODAY: s.today,
});
const BUSY = /^healthdata: error: another sync of (\S+) is running( \(pid (\d+)\))?\n$/;

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
      // The lock file stays, empty (lock.ts says why it is never removed).
      expect(strays(dir, ['health.csv', '.health.csv.sync-lock'])).toEqual([]);
      expect(statSync(join(dir, '.health.csv.sync-lock')).size).toBe(0);
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
      // A first sync that was stopped leaves nothing but the (empty) lock file: no database,
      // no temp file.
      expect(strays(dir, ['.health.db.sync-lock'])).toEqual([]);
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
      expect(strays(dir, ['health.csv', '.health.csv.sync-lock'])).toEqual([]);
    } finally {
      await Promise.all([now.close(), slow.close()]);
    }
  });
});

describe('runs killed outright', () => {
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
      // WAL mode: the half-done transaction's pages went to the WAL, never to the database.
      expect(existsSync(`${db}-wal`)).toBe(true);
      // What a reader sees now: the WAL's uncommitted pages are ignored.
      expect(sqliteRows(db)).toEqual(before);

      // The killed run's lock went with it: --wait 0 does not wait.
      const next = await spawnCli(['sync', db, '--wait', '0'], { env: envFor(laterFast) });
      expect(next.code, next.stderr).toBe(0);
      const fresh = ndjsonRows(await freshExport(laterFast, later, 'ndjson'));
      const floor = addDays(later, -29);
      expect(sqliteRows(db)).toEqual([...fresh, ...before.filter((r) => r.date < floor)]);
      expect(execFileSync('/usr/bin/sqlite3', [db, 'PRAGMA integrity_check']).toString()).toBe(
        'ok\n',
      );
      expect(strays(dir, ['health.sqlite', '.health.sqlite.sync-lock'])).toEqual([]);
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
      // The lock went with the process; its file stays (empty), as it does after every sync.
      expect(statSync(join(dir, '.new.db.sync-lock')).size).toBe(0);
      expect(left.some((n) => /^\.new\.db\.[0-9a-f]{12}\.tmp$/.test(n))).toBe(true);
      expect(existsSync(db)).toBe(false);

      const next = await spawnCli(['sync', db, '--wait', '0'], { env: envFor(fast) });
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toMatch(
        /warning: removed \.new\.db\.[0-9a-f]{12}\.tmp, left by an interrupted sync/,
      );
      expect(strays(dir, ['new.db', '.new.db.sync-lock'])).toEqual([]);
      expect(sqliteRows(db)).toEqual(ndjsonRows(await freshExport(fast, TODAY, 'ndjson')));
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });
});
