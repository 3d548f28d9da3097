// `sync DIR --format parquet`: several people from a multi-user sandbox into one dataset,
// read back by DuckDB equal to what the server serves each of them; a revoked key among
// them is named and the others complete; a re-run that changes nothing touches no file;
// folders 0700 and files 0600, with no key in them.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { anyFileHolds, duckRows, filesUnder, fingerprint, servedRows } from '../helpers/dataset.ts';
import { spawnCli } from '../helpers/spawn.ts';

// The free plan's 30 days, ending early in January: every person has two year partitions.
const TODAY = '2026-01-10';
const REVOKED = 'phd_live_sandbox_user9_0000000000000000';

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY, plan: 'free', users: 3 });
  const config = tempDir();
  const profiles = Object.fromEntries(
    sandbox.users.map((u) => [u.name, { 'api-key': u.apiKey, 'base-url': sandbox.url }]),
  );
  profiles['revoked'] = { 'api-key': REVOKED, 'base-url': sandbox.url };
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  env = { HEALTHDATA_CONFIG_DIR: config, HOME: config };
});
afterAll(async () => {
  await sandbox.close();
});

describe('sync --format parquet', () => {
  it('syncs several people into one dataset that DuckDB reads as the server serves it', async () => {
    const dir = join(tempDir(), 'study');
    const run = await spawnCli(['sync', dir, '--format', 'parquet', '--all-profiles'], { env });
    // One revoked key: named in one line, the others complete, exit 1.
    expect(run.code, run.stderr).toBe(1);
    const errors = run.stderr.split('\n').filter((l) => l.includes('error:'));
    expect(errors[0]).toMatch(/^healthdata: error: profile revoked: .*401/);
    // The fix is the profile's own key: it never falls back to another.
    expect(errors[0]).toMatch(
      /run 'healthdata config set api-key --profile revoked' to replace it$/,
    );
    expect(errors[1]).toBe(
      'healthdata: error: 1 of 4 profiles failed (revoked); the others are synced',
    );
    for (const u of sandbox.users) {
      expect(run.stderr).toContain(`synced ${dir}/profile=${u.name}: `);
    }
    const dataset = await duckRows(dir);
    expect(Object.keys(dataset).sort()).toEqual(['user1', 'user2', 'user3']);
    for (const u of sandbox.users) {
      const served = await servedRows(u.name, env);
      expect(served.length).toBeGreaterThan(100);
      expect(dataset[u.name]).toEqual(served);
    }
    expect(dataset['user1']).not.toEqual(dataset['user2']);

    // Every key refused: nothing synced, and the line does not speak of others.
    const both = tempDir();
    const revoked = { 'api-key': REVOKED, 'base-url': sandbox.url };
    writeFileSync(
      join(both, 'config.json'),
      JSON.stringify({ profiles: { a: revoked, b: revoked } }),
      {
        mode: 0o600,
      },
    );
    const all = await spawnCli(
      ['sync', join(both, 'study'), '--format', 'parquet', '--all-profiles'],
      {
        env: { HEALTHDATA_CONFIG_DIR: both, HOME: both },
      },
    );
    expect(all.code).toBe(1);
    expect(all.stderr.trim().split('\n').at(-1)).toBe(
      'healthdata: error: all 2 profiles failed (a, b); nothing was synced',
    );
    expect(statSync(join(dir, 'profile=user1', 'year=2025', 'data.parquet')).isFile()).toBe(true);
    expect(statSync(join(dir, 'profile=user1', 'year=2026', 'data.parquet')).isFile()).toBe(true);

    // Private, and no key anywhere in the data.
    for (const path of [dir, ...filesUnder(dir)]) {
      const mode = statSync(path).mode & 0o777;
      expect(mode, path).toBe(statSync(path).isDirectory() ? 0o700 : 0o600);
    }
    for (const key of [...sandbox.users.map((u) => u.apiKey), REVOKED]) {
      expect(anyFileHolds(dir, key)).toBe(false);
    }

    // Nothing changed: no file written, renamed or removed.
    const before = fingerprint(dir);
    const again = await spawnCli(
      ['sync', dir, '--format', 'parquet', '--profile', 'user1,user2', '--profile', 'user3'],
      { env },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr.match(/nothing changed, file not rewritten/g)).toHaveLength(3);
    expect(fingerprint(dir)).toEqual(before);
  });

  it('a first sync that fails leaves no empty dataset folder; an existing one is kept', async () => {
    const dir = join(tempDir(), 'study');
    const run = await spawnCli(['sync', dir, '--format', 'parquet', '--profile', 'revoked'], {
      env,
    });
    expect(run.code, run.stderr).toBe(3);
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir);
    const again = await spawnCli(['sync', dir, '--format', 'parquet', '--profile', 'revoked'], {
      env,
    });
    expect(again.code, again.stderr).toBe(3);
    expect(existsSync(dir)).toBe(true);
  });

  it('refuses several profiles with --api-key, and an unknown one, before anything is made', async () => {
    const dir = join(tempDir(), 'study');
    const both = await spawnCli(
      ['sync', dir, '--format', 'parquet', '--profile', 'user1,user2', '--api-key', REVOKED],
      { env },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--api-key and --base-url are for one person');
    const typo = await spawnCli(['sync', dir, '--format', 'parquet', '--profile', 'usr1'], {
      env,
    });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown profile 'usr1' .*nearest: user1/);
    expect(existsSync(dir)).toBe(false);
  });
});
