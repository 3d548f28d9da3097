// Changes to the config file at the same time, by real processes: each one lands, or fails
// loudly. Twenty `config set api-key --profile pN` at once used to print "saved" twenty times
// and leave 4 to 6 profiles (each read the file, added its own, wrote it back: the last writer
// won). Now a change holds the config directory's kernel lock, reads the file afresh, writes it
// atomically and lets go (src/config/change.ts).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.ts';
import { holdFileLock } from '../../src/lib/file-lock.ts';
import { tempDir } from '../helpers/cli.ts';
import { spawnCli } from '../helpers/spawn.ts';

const keyOf = (name: string): string => `phd_live_${name}_0123456789abcdef`;

interface File {
  'api-key'?: string;
  'base-url'?: string;
  profiles?: Record<string, Record<string, string>>;
}

/** The config file as JSON (a half-written file fails here), after checking it is 0600. */
function readFile(dir: string): File {
  const path = join(dir, 'config.json');
  expect(statSync(path).mode & 0o777).toBe(0o600);
  return JSON.parse(readFileSync(path, 'utf8')) as File;
}

const config = (dir: string, args: string[], input?: string) =>
  spawnCli(['config', ...args], {
    env: { HEALTHDATA_CONFIG_DIR: dir },
    ...(input !== undefined ? { input } : {}),
  });

describe('config changes at the same time', () => {
  it('20 concurrent `config set api-key --profile pN`: all 20 profiles, each with its key', async () => {
    const dir = join(tempDir(), 'healthdata');
    const names = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const runs = await Promise.all(
      names.map((name) => config(dir, ['set', 'api-key', '--profile', name], keyOf(name))),
    );
    runs.forEach((run, i) => {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`saved api-key (phd_live…cdef) to profile 'p${i}'`);
    });
    const file = readFile(dir);
    expect(Object.keys(file.profiles ?? {}).sort()).toEqual([...names].sort());
    for (const name of names) expect(file.profiles?.[name]).toEqual({ 'api-key': keyOf(name) });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('a mix of set, unset, rename-profile and remove-profile at once: every change lands', async () => {
    const dir = tempDir();
    const before: File = {
      'api-key': keyOf('top'),
      profiles: Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [
          `old${i}`,
          { 'api-key': keyOf(`old${i}`), 'base-url': `https://old${i}.example` },
        ]),
      ),
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(before), { mode: 0o600 });
    const runs = await Promise.all([
      ...[0, 1, 2, 3, 4, 5].map((i) =>
        config(dir, ['set', 'api-key', '--profile', `new${i}`], keyOf(`new${i}`)),
      ),
      config(dir, ['set', 'base-url', 'https://top.example']),
      config(dir, ['unset', 'api-key']),
      config(dir, ['unset', 'base-url', '--profile', 'old0']),
      config(dir, ['unset', 'base-url', '--profile', 'old1']),
      config(dir, ['set', 'base-url', 'https://moved.example', '--profile', 'old2']),
      config(dir, ['rename-profile', 'old3', 'renamed3']),
      config(dir, ['rename-profile', 'old4', 'renamed4']),
      config(dir, ['remove-profile', 'old5']),
      config(dir, ['remove-profile', 'old6']),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const file = readFile(dir);
    expect(file['api-key']).toBeUndefined();
    expect(file['base-url']).toBe('https://top.example');
    const profiles = file.profiles ?? {};
    expect(Object.keys(profiles).sort()).toEqual(
      [
        'old0',
        'old1',
        'old2',
        'renamed3',
        'renamed4',
        'old7',
        ...[0, 1, 2, 3, 4, 5].map((i) => `new${i}`),
      ].sort(),
    );
    expect(profiles['old0']).toEqual({ 'api-key': keyOf('old0') });
    expect(profiles['old1']).toEqual({ 'api-key': keyOf('old1') });
    expect(profiles['old2']).toEqual({
      'api-key': keyOf('old2'),
      'base-url': 'https://moved.example',
    });
    // A rename keeps the settings and records the former name (docs/dataset.md).
    expect(profiles['renamed3']).toEqual({
      ...before.profiles?.['old3'],
      'renamed-from': ['old3'],
    });
    expect(profiles['renamed4']).toEqual({
      ...before.profiles?.['old4'],
      'renamed-from': ['old4'],
    });
    expect(profiles['old7']).toEqual(before.profiles?.['old7']);
    for (const i of [0, 1, 2, 3, 4, 5]) {
      expect(profiles[`new${i}`]).toEqual({ 'api-key': keyOf(`new${i}`) });
    }
  });

  it('two renames to one name at once: one lands, the other is refused, nothing is lost', async () => {
    const dir = tempDir();
    const before: File = {
      profiles: { a: { 'api-key': keyOf('a') }, b: { 'api-key': keyOf('b') } },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(before), { mode: 0o600 });
    const runs = await Promise.all([
      config(dir, ['rename-profile', 'a', 'same']),
      config(dir, ['rename-profile', 'b', 'same']),
    ]);
    expect(runs.map((r) => r.code).sort()).toEqual([0, 2]);
    expect(runs.find((r) => r.code === 2)?.stderr).toMatch(
      /^healthdata: error: profile 'same' exists — /,
    );
    const profiles = readFile(dir).profiles ?? {};
    expect(Object.keys(profiles).length).toBe(2);
    expect(
      Object.values(profiles)
        .map((p) => p['api-key'])
        .sort(),
    ).toEqual([keyOf('a'), keyOf('b')]);
  });

  it('a lock held past a few seconds: one line, exit 1, nothing changed', async () => {
    const dir = tempDir();
    const before: File = { profiles: { a: { 'api-key': keyOf('a') } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(before), { mode: 0o600 });
    // This test process holds the lock, as a stuck `config set` would.
    const lock = await holdFileLock(
      join(dir, '.config.json.lock'),
      { clock: systemClock, waitMs: 0 },
      { busy: () => new Error('busy'), cannotCreate: (e) => e as Error, failed: (e) => e as Error },
    );
    try {
      const run = await config(dir, ['set', 'api-key', '--profile', 'b'], keyOf('b'));
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `healthdata: error: the config file ${dir}/config.json is being changed by another healthdata (pid ${process.pid}) and stayed locked for 5 s — nothing was changed; try again\n`,
      );
      expect(readFile(dir)).toEqual(before);
    } finally {
      await lock.release();
    }
    const after = await config(dir, ['set', 'api-key', '--profile', 'b'], keyOf('b'));
    expect(after.code, after.stderr).toBe(0);
    expect(Object.keys(readFile(dir).profiles ?? {})).toEqual(['a', 'b']);
  }, 20_000);
});
