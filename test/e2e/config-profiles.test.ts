// The config subcommands for named profiles, with a real config file: keys piped on stdin for a
// scripted hundred, redaction, file modes, the old layout kept, rename and remove.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const KEY = 'phd_live_person_0123456789abcdef';
const sandbox = useSandbox({ apiKey: KEY });

const keyOf = (n: number): string => `phd_live_person${n}_0123456789SECRET${n}`;

function fileOf(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;
}

describe('config set/get/unset/list --profile', () => {
  it('scripts many profiles from stdin, keeps the file 0600, and never shows a key whole', async () => {
    const dir = join(tempDir(), 'cfg');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', 'https://api.example.com'], { env });
    for (const n of [1, 2, 3]) {
      const set = await runCli(['config', 'set', 'api-key', '--profile', `p${n}`], {
        env,
        stdin: `${keyOf(n)}\n`,
      });
      expect(set.code).toBe(0);
      expect(set.stderr).toBe(
        `saved api-key (phd_live…RET${n}) to profile 'p${n}' in ${dir}/config.json\n`,
      );
      expect(set.stdout + set.stderr).not.toContain(keyOf(n));
    }
    const url = await runCli(
      ['config', 'set', 'base-url', sandbox.current.url, '--profile', 'p2'],
      {
        env,
      },
    );
    expect(url.code).toBe(0);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(fileOf(dir)).toEqual({
      'base-url': 'https://api.example.com',
      profiles: {
        p1: { 'api-key': keyOf(1) },
        p2: { 'api-key': keyOf(2), 'base-url': sandbox.current.url },
        p3: { 'api-key': keyOf(3) },
      },
    });

    const list = await runCli(['config', 'list'], { env });
    expect(list.stdout).toBe(
      [
        'base-url=https://api.example.com',
        'profiles.p1.api-key=phd_live…RET1',
        'profiles.p2.api-key=phd_live…RET2',
        `profiles.p2.base-url=${sandbox.current.url}`,
        'profiles.p3.api-key=phd_live…RET3',
        '',
      ].join('\n'),
    );
    const one = await runCli(['config', 'list', '--profile', 'p2'], { env });
    expect(one.stdout).toBe(`api-key=phd_live…RET2\nbase-url=${sandbox.current.url}\n`);
    expect((await runCli(['config', 'profiles'], { env })).stdout).toBe('p1\np2\np3\n');
    const get = await runCli(['config', 'get', 'api-key', '--profile', 'p3'], { env });
    expect(get).toEqual({ code: 0, stdout: 'phd_live…RET3\n', stderr: '' });
    const noUrl = await runCli(['config', 'get', 'base-url', '--profile', 'p1'], { env });
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toContain(
      `base-url is not set in profile 'p1' in ${dir}/config.json — set it with 'healthdata config set base-url --profile p1'\n`,
    );

    const unset = await runCli(['config', 'unset', 'api-key', '--profile', 'p3'], { env });
    expect(unset.stderr).toBe(`removed api-key from profile 'p3' in ${dir}/config.json\n`);
    expect(fileOf(dir)['profiles']).toMatchObject({ p3: {} });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('HEALTHDATA_PROFILE picks the profile config set writes, and says so', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir, HEALTHDATA_PROFILE: 'alice' };
    const set = await runCli(['config', 'set', 'api-key'], { env, stdin: keyOf(7) });
    expect(set.stderr).toContain("to profile 'alice' in");
    expect(fileOf(dir)).toEqual({ profiles: { alice: { 'api-key': keyOf(7) } } });
  });

  it('a file of the old layout keeps working next to new profiles', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const old = { 'api-key': KEY, 'base-url': sandbox.current.url };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(old), { mode: 0o600 });
    await runCli(['config', 'set', 'api-key', '--profile', 'other'], { env, stdin: keyOf(1) });
    expect(fileOf(dir)).toEqual({ ...old, profiles: { other: { 'api-key': keyOf(1) } } });
    expect((await runCli(['profile', '-f', 'json'], { env })).code).toBe(0);
    // The profile made through config set is used: its key is not the sandbox's.
    const other = await runCli(['profile', '--profile', 'other'], { env });
    expect(other.code).toBe(3);
    expect(other.stderr).toContain("the API rejected the key from profile 'other'");
  });

  it('refuses an unsafe name, an unknown profile and a case twin, changing nothing', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'api-key', '--profile', 'alice'], { env, stdin: keyOf(1) });
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const bad = await runCli(['config', 'set', 'api-key', '--profile', 'a/b'], {
      env,
      stdin: keyOf(2),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("the profile name 'a/b' from --profile is not allowed");
    const twin = await runCli(['config', 'set', 'api-key', '--profile', 'Alice'], {
      env,
      stdin: keyOf(2),
    });
    expect(twin.code).toBe(2);
    expect(twin.stderr).toContain("profile 'alice' exists and differs from 'Alice' only in case");
    for (const argv of [
      ['config', 'get', 'api-key', '--profile', 'alicia'],
      ['config', 'unset', 'api-key', '--profile', 'alicia'],
      ['config', 'list', '--profile', 'alicia'],
    ]) {
      const result = await runCli(argv, { env });
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({
        argv,
        code: 2,
        stderr: `healthdata: error: unknown profile 'alicia' (from --profile) — did you mean 'alice'? nearest: alice (of 1 in the config file ${dir}/config.json)\n`,
      });
    }
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
  });
});

describe('config profiles, rename-profile, remove-profile', () => {
  it('renames in place and removes, refusing an existing or unknown name', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    for (const n of [1, 2, 3]) {
      await runCli(['config', 'set', 'api-key', '--profile', `p${n}`], { env, stdin: keyOf(n) });
    }
    const taken = await runCli(['config', 'rename-profile', 'p1', 'p2'], { env });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("profile 'p2' exists — remove it first");
    const rename = await runCli(['config', 'rename-profile', 'p1', 'first'], { env });
    expect(rename.stderr).toBe(`renamed profile 'p1' to 'first' in ${dir}/config.json\n`);
    expect((await runCli(['config', 'profiles'], { env })).stdout).toBe('first\np2\np3\n');
    expect(fileOf(dir)['profiles']).toMatchObject({ first: { 'api-key': keyOf(1) } });

    const unknown = await runCli(['config', 'remove-profile', 'p4'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /unknown profile 'p4' \(from the command line\) — did you mean 'p2'\? nearest: p2, p3/,
    );
    const bad = await runCli(['config', 'rename-profile', 'p2', '../p'], { env });
    expect(bad.code).toBe(2);
    for (const name of ['first', 'p2', 'p3']) {
      expect((await runCli(['config', 'remove-profile', name], { env })).code).toBe(0);
    }
    expect(fileOf(dir)).toEqual({});
    const none = await runCli(['config', 'profiles'], { env });
    expect(none).toEqual({
      code: 0,
      stdout: '',
      stderr: `no profiles in ${dir}/config.json; create one with 'healthdata config set api-key --profile NAME'\n`,
    });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});
