// A person's folder in a Parquet dataset is theirs alone, under a name no engine reads as
// something else: `default` is the settings without a profile (carol's `--profile default`
// once replaced bob's days), and `NULL`, `0001`, `inf`, `epoch` are refused for new profiles
// and, in an older config file, at a dataset sync. Checked against real DuckDB hive inference.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPartitionValue } from '../../src/lib/partition-value.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { duckRows, servedRows } from '../helpers/dataset.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { TODAY } from '../helpers/today.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY, plan: 'free', users: 4 });
});
afterAll(async () => {
  await sandbox.close();
});

const user = (i: number): { 'api-key': string; 'base-url': string } => {
  const u = sandbox.users[i];
  if (!u) throw new Error(`no user ${i}`);
  return { 'api-key': u.apiKey, 'base-url': sandbox.url };
};

/** A config dir of an older version: bob without a profile, carol as `default`, and more. */
function oldConfig(profiles: Record<string, unknown>): Record<string, string> {
  const dir = tempDir();
  const file = { ...user(0), profiles };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(file), { mode: 0o600 });
  return { HEALTHDATA_CONFIG_DIR: dir, HOME: dir };
}

const lines = (text: string): string[] => text.trim().split('\n');

/** How DuckDB reads `profile=NAME` when it is the dataset's only folder: its type and text. */
async function duckReads(names: readonly string[]): Promise<Map<string, [string, unknown]>> {
  const root = tempDir();
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const out = new Map<string, [string, unknown]>();
  try {
    for (const [i, name] of names.entries()) {
      const folder = join(root, String(i), `profile=${name}`);
      mkdirSync(folder, { recursive: true });
      await conn.run(`COPY (SELECT 1 AS x) TO '${folder}/data.parquet' (FORMAT parquet)`);
      const reader = await conn.runAndReadAll(
        `SELECT typeof(profile) AS t, profile::VARCHAR AS v
         FROM read_parquet('${root}/${i}/**/*.parquet', hive_partitioning = true)`,
      );
      const [row] = reader.getRowObjectsJS();
      out.set(name, [String(row?.['t']), row?.['v']]);
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  return out;
}

/** Names that look like what engines misread, and random ones, from a fixed seed. */
function candidates(): string[] {
  const words = ['null', 'nan', 'inf', 'infinity', 'epoch', 'true', 'false', 'none', 'default'];
  const suffixes = ['', '1', '.', '-', '_', 'x', '.5', '-01', 'e5'];
  const out = new Set<string>(['0001', '1', '01', '2024-01-01', '20240101', '1e5', '0x10']);
  for (const w of words) {
    for (const v of [w, w.toUpperCase(), w[0]?.toUpperCase() + w.slice(1)]) {
      for (const s of suffixes) out.add(v + s);
    }
  }
  let seed = 42;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-';
  for (let i = 0; i < 150; i++) {
    const length = 1 + next(12);
    out.add(Array.from({ length }, () => chars[next(chars.length)]).join(''));
  }
  out.add(`p${'0'.repeat(63)}`);
  return [...out].filter((n) => !n.startsWith('.'));
}

describe('dataset folder names', () => {
  it('allows only names DuckDB reads back as the same text, and refuses the ones it misreads', async () => {
    const names = candidates();
    const read = await duckReads(names);
    const allowed = names.filter(isPartitionValue);
    expect(allowed.length).toBeGreaterThan(100);
    for (const name of allowed) expect(read.get(name), name).toEqual(['VARCHAR', name]);
    // What DuckDB does to the names the brief met: each is refused.
    const misread = {
      NULL: ['VARCHAR', null],
      inf: ['DATE', 'infinity'],
      Epoch: ['DATE', '1970-01-01'],
      '1': ['BIGINT', '1'],
      '2024-01-01': ['DATE', '2024-01-01'],
      '0x10': ['BIGINT', '16'],
    };
    for (const [name, as] of Object.entries(misread)) {
      expect(read.get(name), name).toEqual(as);
      expect(isPartitionValue(name), name).toBe(false);
    }
  });

  it('refuses default, NULL and 0001 for a new profile, changing nothing', async () => {
    const env = oldConfig({ alice: user(1) });
    const file = join(env['HEALTHDATA_CONFIG_DIR'] as string, 'config.json');
    const before = readFileSync(file, 'utf8');
    for (const name of [
      'default',
      'Default',
      'NULL',
      'null',
      '0001',
      '2024-01-01',
      'inf',
      'true',
    ]) {
      const set = await spawnCli(['config', 'set', 'api-key', '--profile', name], {
        env,
        input: `${user(2)['api-key']}\n`,
      });
      expect(set.code, name).toBe(2);
      expect(lines(set.stderr), name).toHaveLength(1);
      expect(set.stderr).toContain(`the profile name '${name}' (from --profile)`);
      const rename = await spawnCli(['config', 'rename-profile', 'alice', name], { env });
      expect(rename.code, name).toBe(2);
      expect(lines(rename.stderr), name).toHaveLength(1);
    }
    const carol = await spawnCli(['config', 'set', 'api-key', '--profile', 'default'], {
      env,
      input: 'phd_live_carol_0123456789abcdef\n',
    });
    expect(carol.stderr).toMatch(/reserved for the settings without a profile/);
    const zero = await spawnCli(['config', 'set', 'base-url', sandbox.url, '--profile', '0001'], {
      env,
    });
    expect(zero.stderr).toMatch(/DuckDB, Spark or Polars would read profile=0001 .* e\.g\. p0001/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('keeps bob (no profile) and carol (an old profile named default) in folders of their own', async () => {
    const env = oldConfig({ default: user(1), '0001': user(2), NULL: user(3) });
    const dir = join(tempDir(), 'study');
    const sync = (args: string[], extra: Record<string, string> = {}) =>
      spawnCli(['sync', dir, '--format', 'parquet', ...args], { env: { ...env, ...extra } });

    // Each way of naming carol's `default` is refused before anything is made.
    for (const [args, extra] of [
      [['--profile', 'default'], {}],
      [['--profile', 'DEFAULT'], {}],
      [[], { HEALTHDATA_PROFILE: 'default' }],
    ] as const) {
      const run = await sync([...args], extra);
      expect(run.code, args.join(' ')).toBe(2);
      expect(lines(run.stderr)).toHaveLength(1);
      expect(run.stderr).toMatch(
        /reserved for the settings without a profile .*'healthdata config rename-profile (default|DEFAULT) NEWNAME'/,
      );
    }
    // --all-profiles names every such profile in one line, not one a run.
    const everyone = await sync(['--all-profiles']);
    expect(everyone.code).toBe(2);
    expect(lines(everyone.stderr)).toHaveLength(1);
    expect(everyone.stderr).toMatch(
      /profiles 'default', '0001', 'NULL' \(from --all-profiles\) cannot name dataset folders: .* rename each with 'healthdata config rename-profile OLD NEW'/,
    );
    // Old names engines misread: refused for the dataset, with the fix.
    for (const name of ['0001', 'NULL']) {
      const run = await sync(['--profile', name]);
      expect(run.code, name).toBe(2);
      expect(run.stderr).toBe(
        `healthdata: error: profile '${name}' (from --profile) cannot name a dataset folder: DuckDB, Spark or Polars would read profile=${name} as a number, date, boolean or NULL — rename it with 'healthdata config rename-profile ${name} NEWNAME' (a name that starts with a letter and is not null, nan, inf, infinity, epoch, true, false or none (any case))\n`,
      );
    }
    expect(existsSync(dir)).toBe(false);
    // …but the profile still works where no folder is named after it.
    const served0001 = await servedRows('0001', env);
    expect(served0001.length).toBeGreaterThan(100);

    // bob's plain sync: profile=default is his.
    const bob = await sync([]);
    expect(bob.code, bob.stderr).toBe(0);
    // carol's profile renamed away from `default` (the way out the errors name), then synced.
    const rename = await spawnCli(['config', 'rename-profile', 'default', 'carol'], { env });
    expect(rename.code, rename.stderr).toBe(0);
    expect(rename.stderr).toContain(
      "a dataset's profile=default folder is the settings' without a profile and stays",
    );
    for (const [from, to] of [
      ['0001', 'p0001'],
      ['NULL', 'pnull'],
    ] as const) {
      expect((await spawnCli(['config', 'rename-profile', from, to], { env })).code).toBe(0);
    }
    const all = await sync(['--all-profiles']);
    expect(all.code, all.stderr).toBe(0);
    // Bob's folder was not taken for carol's, though `default` is carol's former name.
    expect(all.stderr).not.toMatch(/healthdata: moved /);
    const again = await sync([]);
    expect(again.code, again.stderr).toBe(0);

    const dataset = await duckRows(dir);
    expect(Object.keys(dataset).sort()).toEqual(['carol', 'default', 'p0001', 'pnull']);
    expect(dataset['default']).toEqual(await servedRows(undefined, env));
    expect(dataset['carol']).toEqual(await servedRows('carol', env));
    expect(dataset['p0001']).toEqual(served0001);
    expect(dataset['pnull']).toEqual(await servedRows('pnull', env));
    expect(dataset['default']).not.toEqual(dataset['carol']);
  });

  it('without settings of its own, says the profiles could be synced instead', async () => {
    const dir = tempDir();
    const profiles = { ann: user(1), bob: user(2) };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    const env = { HEALTHDATA_CONFIG_DIR: dir, HOME: dir };
    const run = await spawnCli(['sync', join(tempDir(), 'study'), '--format', 'parquet'], { env });
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(
      /no base URL is set .*; or, to sync the 2 profiles of the config file into this dataset, add --all-profiles \(or --profile NAME\)/,
    );
  });

  it('refuses a key from elsewhere for a folder named after a profile', async () => {
    const env = oldConfig({ alice: user(1) });
    const dir = join(tempDir(), 'study');
    const other = user(2)['api-key'];
    const viaEnv = await spawnCli(['sync', dir, '--format', 'parquet'], {
      env: { ...env, HEALTHDATA_PROFILE: 'alice', HEALTHDATA_API_KEY: other },
    });
    expect(viaEnv.code).toBe(2);
    expect(viaEnv.stderr).toMatch(
      /the API key from HEALTHDATA_API_KEY is not the key of profile 'alice' \(from HEALTHDATA_PROFILE\)/,
    );
    const viaFlag = await spawnCli(
      ['sync', dir, '--format', 'parquet', '--profile', 'alice', '--api-key', other],
      { env },
    );
    expect(viaFlag.code).toBe(2);
    expect(viaFlag.stderr).toMatch(
      /the API key from --api-key is not the key of profile 'alice' \(from --profile\)/,
    );
    expect(viaFlag.stderr).not.toContain(other);
    expect(existsSync(dir)).toBe(false);
  });
});
