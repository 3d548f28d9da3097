// `config rename-profile alice p0001` then a dataset sync: the person's folder moves to the new
// name (one atomic rename), so DuckDB counts them once, under the new name, with all their rows;
// never a second copy under the name the rename was meant to drop. A former folder beside the
// current one is named and left alone. A kill at the move (strace, as in
// sync-parquet-crash.test.ts) leaves the person under one name, which the next run completes.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { duckRows, fingerprint, servedRows, type Rows } from '../helpers/dataset.ts';
import { haveStrace, killed, killPoints, traceCli } from '../helpers/kill-sweep.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { TODAY } from '../helpers/today.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY, plan: 'free', users: 3 });
});
afterAll(async () => {
  await sandbox.close();
});

/** A config dir with user1..user3 as profiles, and keys this version does not know. */
function config(): Record<string, string> {
  const dir = tempDir();
  const profiles = Object.fromEntries(
    sandbox.users.map((u) => [
      u.name,
      { 'api-key': u.apiKey, 'base-url': sandbox.url, 'x-study-arm': 'A' },
    ]),
  );
  const file = { 'x-future': { kept: true }, profiles };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(file), { mode: 0o600 });
  return { HEALTHDATA_CONFIG_DIR: dir, HOME: dir };
}

const fileOf = (env: Record<string, string>): Record<string, unknown> =>
  JSON.parse(readFileSync(join(env['HEALTHDATA_CONFIG_DIR'] as string, 'config.json'), 'utf8'));

const rename = async (env: Record<string, string>, from: string, to: string): Promise<void> => {
  const run = await spawnCli(['config', 'rename-profile', from, to], { env });
  expect(run.code, run.stderr).toBe(0);
};

/** The files of a folder by their path inside it, with inode and mtime. */
const inodes = (folder: string): string[] =>
  fingerprint(folder).map((line) => line.slice(folder.length));

/** A person's rows under exactly one name of `names`, equal to `rows`. */
function onceUnder(dataset: Rows, names: string[], rows: string[]): string {
  const held = names.filter((n) => dataset[n] !== undefined);
  expect(held).toHaveLength(1);
  const [name] = held as [string];
  expect(dataset[name]).toEqual(rows);
  return name;
}

describe('a renamed profile in a dataset', () => {
  it('moves the folder to the new name, and DuckDB counts the person once with all their rows', async () => {
    const env = config();
    const dir = join(tempDir(), 'study');
    const first = await spawnCli(['sync', dir, '--format', 'parquet', '--all-profiles'], { env });
    expect(first.code, first.stderr).toBe(0);
    const before = await duckRows(dir);
    expect(Object.keys(before).sort()).toEqual(['user1', 'user2', 'user3']);
    const files = inodes(join(dir, 'profile=user1'));

    await rename(env, 'user1', 'p0001');
    await rename(env, 'p0001', 'p0001b');
    const file = fileOf(env);
    // The former names, oldest first; keys this version does not know survive.
    expect(file['x-future']).toEqual({ kept: true });
    expect((file['profiles'] as Record<string, unknown>)['p0001b']).toMatchObject({
      'x-study-arm': 'A',
      'renamed-from': ['user1', 'p0001'],
    });
    // A former name is not free for a new profile while a dataset may still hold it.
    const reuse = await spawnCli(['config', 'set', 'api-key', '--profile', 'user1'], {
      env,
      input: 'phd_live_someone_else_0123456789\n',
    });
    expect(reuse.code).toBe(2);
    expect(reuse.stderr).toMatch(/'user1' is a former name of profile 'p0001b'/);

    const sync = await spawnCli(['sync', dir, '--format', 'parquet', '--all-profiles'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toContain(
      `healthdata: moved ${dir}/profile=user1 to ${dir}/profile=p0001b (profile 'user1' was renamed 'p0001b')\n`,
    );
    expect(existsSync(join(dir, 'profile=user1'))).toBe(false);
    const after = await duckRows(dir);
    expect(Object.keys(after).sort()).toEqual(['p0001b', 'user2', 'user3']);
    expect(after['p0001b']).toEqual(before['user1']);
    expect(after['p0001b']).toEqual(await servedRows('p0001b', env));
    // Moved, not copied, and nothing rewritten: the same files, inodes and mtimes.
    expect(inodes(join(dir, 'profile=p0001b'))).toEqual(files);

    // --profile a,b: each listed person's folder moves; a second run has nothing to move.
    await rename(env, 'user2', 'p0002');
    await rename(env, 'user3', 'p0003');
    const two = await spawnCli(['sync', dir, '--format', 'parquet', '--profile', 'p0002,p0003'], {
      env,
    });
    expect(two.code, two.stderr).toBe(0);
    expect(two.stderr.match(/healthdata: moved /g)).toHaveLength(2);
    const three = await duckRows(dir);
    expect(Object.keys(three).sort()).toEqual(['p0001b', 'p0002', 'p0003']);
    expect(three['p0002']).toEqual(before['user2']);
    expect(three['p0003']).toEqual(before['user3']);

    // HEALTHDATA_PROFILE's one person: the same.
    await rename(env, 'p0003', 'p0003b');
    const one = await spawnCli(['sync', dir, '--format', 'parquet'], {
      env: { ...env, HEALTHDATA_PROFILE: 'p0003b' },
    });
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain(`moved ${dir}/profile=p0003 to ${dir}/profile=p0003b`);
    expect(Object.keys(await duckRows(dir)).sort()).toEqual(['p0001b', 'p0002', 'p0003b']);
  });

  it('leaves a former folder beside the current one alone, and says so even with -q', async () => {
    const env = config();
    const dir = join(tempDir(), 'study');
    expect(
      (await spawnCli(['sync', dir, '--format', 'parquet', '--all-profiles'], { env })).code,
    ).toBe(0);
    await rename(env, 'user1', 'p0001');
    // An older healthdata synced p0001 afresh beside the old folder.
    cpSync(join(dir, 'profile=user1'), join(dir, 'profile=p0001'), { recursive: true });
    const before = fingerprint(dir);
    const run = await spawnCli(['sync', dir, '-q', '--format', 'parquet', '--profile', 'p0001'], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      `warning: profile 'p0001': ${dir}/profile=user1 (a former name) is left beside ${dir}/profile=p0001 — the person may be counted twice; keep one folder and remove the other\n`,
    );
    expect(fingerprint(dir)).toEqual(before);
  });

  it('refuses a config file whose former names are not a list of names, quoting none', async () => {
    const env = config();
    const path = join(env['HEALTHDATA_CONFIG_DIR'] as string, 'config.json');
    const secret = 'phd_live_secret_0123456789';
    for (const bad of [secret, [`${secret} x`], ['../x'], [1]]) {
      const file = fileOf(env);
      const profiles = file['profiles'] as Record<string, Record<string, unknown>>;
      profiles['user1'] = { ...profiles['user1'], 'renamed-from': bad };
      writeFileSync(path, JSON.stringify(file), { mode: 0o600 });
      const run = await spawnCli(
        ['sync', join(tempDir(), 'study'), '--format', 'parquet', '--all-profiles'],
        { env },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `healthdata: error: config file ${path}: "profiles.user1.renamed-from" must be an array of profile names — fix or remove it\n`,
      );
    }
  });

  it.skipIf(!haveStrace)(
    'leaves the person under one name when killed at the move',
    async () => {
      const env = config();
      const base = join(tempDir(), 'study');
      expect(
        (await spawnCli(['sync', base, '--format', 'parquet', '--all-profiles'], { env })).code,
      ).toBe(0);
      const rows = (await duckRows(base))['user1'] as string[];
      await rename(env, 'user1', 'p0001');
      const ARGS = ['--format', 'parquet', '--profile', 'p0001'];

      const logs = tempDir();
      const dry = join(tempDir(), 'study');
      cpSync(base, dry, { recursive: true });
      const traced = await traceCli(['sync', dry, ...ARGS], env, join(logs, 'dry'));
      expect(traced.code, traced.stderr).toBe(0);
      const points = killPoints(join(logs, 'dry'), dry);
      const move = points.findIndex((p) => /^\d+\s+rename\w*\(.*profile=user1/.test(p.line));
      expect(move, 'the move is one rename').toBeGreaterThanOrEqual(0);
      // Killed at the rename, the folder keeps its old name; at the next file-changing call
      // (the dataset folder's fsync), it has the new one. Whole either way.
      const plan = [
        [points[move], 'user1'],
        [points[move + 1], 'p0001'],
      ] as const;
      let kills = 0;
      for (const [point, name] of plan) {
        if (point === undefined) throw new Error('no kill point after the move');
        const dir = join(tempDir(), 'study');
        cpSync(base, dir, { recursive: true });
        const where = `killed at ${point.syscall} #${point.nth} (${point.line.slice(0, 120)})`;
        const run = await traceCli(
          ['sync', dir, ...ARGS],
          env,
          join(logs, `kill-${point.nth}`),
          point,
        );
        const held = onceUnder(await duckRows(dir), ['user1', 'p0001'], rows);
        if (killed(run)) {
          kills++;
          expect(held, where).toBe(name);
        }
        const next = await spawnCli(['sync', dir, ...ARGS], { env });
        expect(next.code, `${where}: ${next.stderr}`).toBe(0);
        expect(onceUnder(await duckRows(dir), ['user1', 'p0001'], rows), where).toBe('p0001');
      }
      // Threads may reorder the calls from run to run (sync-parquet-crash.test.ts): one kill
      // at least must land; each that lands is checked above.
      expect(kills).toBeGreaterThanOrEqual(1);
    },
    120_000,
  );
});
