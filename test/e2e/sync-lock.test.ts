// The sync lock with real processes: a kernel lock on the real file, so a killed holder never
// blocks the next run, a link and the file it names are one target, and a `metrics -o` of the
// same file (which takes no lock) keeps its temp file.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { TODAY } from '../helpers/sandbox.ts';
import { spawnCli, until, type Spawned } from '../helpers/spawn.ts';
import { freshExport, ndjsonRows, sqliteRows, strays } from '../helpers/sync.ts';

const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });

describe('a lock nobody holds any more never blocks', () => {
  it('a sync SIGKILLed while it holds the lock: the next one, with --wait 0, runs', async () => {
    const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 100 });
    const fast = await startSandbox({ today: TODAY, plan: 'free' });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.csv');
      const killed = await spawnCli(['sync', target, '--page-size', '10'], {
        env: envFor(slow),
        onStart: (child) => {
          void until(() => slow.requests.length >= 4).then(() => child.kill('SIGKILL'));
        },
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(readdirSync(dir)).toContain('.health.csv.sync-lock');
      const next = await spawnCli(['sync', target, '--wait', '0'], { env: envFor(fast) });
      expect(next.code, next.stderr).toBe(0);
      expect(readFileSync(target, 'utf8')).toBe(await freshExport(fast, TODAY, 'csv'));
      // The killed run's temp file (its pid is dead) was removed; the lock file stays, empty.
      expect(strays(dir, ['health.csv', '.health.csv.sync-lock'])).toEqual([]);
      expect(statSync(join(dir, '.health.csv.sync-lock')).size).toBe(0);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  it.each([
    ['pid 1 (a killed container sync)', 1],
    ['a live pid (this test runner)', process.pid],
  ])('an older version’s pid lock naming %s is removed, with a warning', async (_what, pid) => {
    const sandbox = await startSandbox({ today: TODAY, plan: 'free' });
    try {
      const dir = tempDir();
      const target = join(dir, 'health.ndjson');
      writeFileSync(`${target}.sync-lock`, `${pid}\n`);
      const result = await spawnCli(['sync', target, '--wait', '0'], { env: envFor(sandbox) });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        'warning: removed health.ndjson.sync-lock, left by an interrupted sync\n',
      );
      expect(ndjsonRows(readFileSync(target, 'utf8'))).toEqual(
        ndjsonRows(await freshExport(sandbox, TODAY, 'ndjson')),
      );
      expect(strays(dir, ['health.ndjson', '.health.ndjson.sync-lock'])).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('one target, two names', () => {
  it.each(['csv', 'db'])(
    'a %s synced through a symlink locks out a sync through its real path',
    async (ext) => {
      const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 100 });
      const fast = await startSandbox({ today: TODAY, plan: 'free' });
      try {
        const dir = tempDir();
        mkdirSync(join(dir, 'data'));
        const real = join(dir, 'data', `health.${ext}`);
        const link = join(dir, `link.${ext}`);
        symlinkSync(real, link);
        // The file exists (a link to nothing yet would be replaced, not followed).
        expect((await spawnCli(['sync', real], { env: envFor(fast) })).code).toBe(0);
        const before = fast.requests.length;
        let holder = 0;
        let holderDone = false;
        let refused: Spawned | undefined;
        let waiter: Promise<Spawned> | undefined;
        let waiterRequestsWhileHeld = -1;
        // Re-fetching 9 days, 10 rows a page, 100 ms a page: seconds holding the lock.
        const first = await spawnCli(['sync', link, '--overlap', '8d', '--page-size', '10'], {
          env: envFor(slow),
          onStart: (child) => {
            holder = child.pid ?? 0;
            void until(() => slow.requests.length >= 2).then(async () => {
              refused = await spawnCli(['sync', real, '--wait', '0'], { env: envFor(fast) });
              waiter = spawnCli(['sync', real, '--wait', '60'], { env: envFor(fast) });
              // Three polls of the waiter: it must not have started while the lock is held.
              await new Promise((r) => setTimeout(r, 700));
              if (!holderDone) waiterRequestsWhileHeld = fast.requests.length - before;
            });
          },
        });
        holderDone = true;
        expect(first.code, first.stderr).toBe(0);
        expect(refused?.code).toBe(1);
        expect(refused?.stderr).toBe(
          `healthdata: error: another sync of ${real} is running (pid ${holder})\n`,
        );
        expect(waiterRequestsWhileHeld).toBe(0);
        const waited = await waiter;
        expect(waited?.code, waited?.stderr).toBe(0);
        // One lock, beside the real file; nothing beside the link.
        expect(strays(join(dir, 'data'), [`health.${ext}`, `.health.${ext}.sync-lock`])).toEqual(
          [],
        );
        expect(strays(dir, ['data', `link.${ext}`])).toEqual([]);
        if (ext === 'csv') {
          expect(readFileSync(real, 'utf8')).toBe(await freshExport(fast, TODAY, 'csv'));
        } else {
          expect(sqliteRows(real)).toEqual(ndjsonRows(await freshExport(fast, TODAY, 'ndjson')));
        }
      } finally {
        await Promise.all([slow.close(), fast.close()]);
      }
    },
  );
});

describe('a metrics -o of the same file', () => {
  it('keeps its temp file while a sync runs, and finishes intact', async () => {
    const slow = await startSandbox({ today: TODAY, plan: 'free', latencyMs: 50 });
    const fast = await startSandbox({ today: TODAY, plan: 'free' });
    try {
      const dir = tempDir();
      const target = join(dir, 'x.csv');
      const temp = (): string[] =>
        readdirSync(dir).filter((n) => /^\.x\.csv\.\d+\.[0-9a-f]{12}\.tmp$/.test(n));
      let synced: Spawned | undefined;
      let tempDuringSync: string[] = [];
      const exported = await spawnCli(['metrics', '-f', 'csv', '-o', target, '--page-size', '20'], {
        env: envFor(slow),
        onStart: () => {
          void until(() => temp().length === 1 && slow.requests.length >= 3).then(async () => {
            const live = temp();
            synced = await spawnCli(['sync', target, '--wait', '0'], { env: envFor(fast) });
            tempDuringSync = live.filter((n) => temp().includes(n));
          });
        },
      });
      expect(synced?.code, synced?.stderr).toBe(0);
      expect(synced?.stderr).not.toContain('warning: removed');
      // The export was still running when the sync ended, and its temp file was still there.
      expect(tempDuringSync).toHaveLength(1);
      expect(exported.code, exported.stderr).toBe(0);
      expect(readFileSync(target, 'utf8')).toBe(await freshExport(slow, TODAY, 'csv'));
      expect(strays(dir, ['x.csv', '.x.csv.sync-lock'])).toEqual([]);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });
});
