// A `metrics -o` of the same file as a sync (it takes no sync lock) keeps its temp file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { TODAY } from '../helpers/sandbox.ts';
import { spawnCli, until, type Spawned } from '../helpers/spawn.ts';
import { freshExport, strays } from '../helpers/sync.ts';

const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });

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
