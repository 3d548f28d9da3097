// Named profiles through the CLI: two sandboxes with their own keys stand for two people, and
// every row of the precedence table in docs/profiles.md picks the one it should.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { twoPeople } from '../helpers/profiles.ts';

const { alice, bob, KEY_A, KEY_B, configDir } = twoPeople();

interface StatusJson {
  ok: boolean;
  base_url: { value: string; source: string };
  api_key: { source: string };
}

/** `status -f json`: which server answered, with which key's source. */
async function status(argv: string[], env: Record<string, string>) {
  const result = await runCli(['status', '-f', 'json', ...argv], { env });
  const report = JSON.parse(result.stdout) as StatusJson;
  return { code: result.code, stderr: result.stderr, report };
}

describe('profiles on the command line and in the environment', () => {
  it("1. --api-key/--base-url beat --profile (the key only when it is the profile's own)", async () => {
    const dir = configDir();
    const flags = ['--api-key', KEY_A, '--base-url', alice.current.url, '--profile', 'alice'];
    const { code, report } = await status(flags, { HEALTHDATA_CONFIG_DIR: dir });
    expect(code).toBe(0);
    expect(report.base_url).toEqual({ value: alice.current.url, source: '--base-url' });
    expect(report.api_key.source).toBe('--api-key');
    // Another person's key beside the profile is refused (key-owner.test.ts).
    const mixed = await status(['--api-key', KEY_B, '--profile', 'alice'], {
      HEALTHDATA_CONFIG_DIR: dir,
    });
    expect(mixed.code).toBe(2);
  });

  it('2. --profile beats HEALTHDATA_API_KEY/HEALTHDATA_BASE_URL', async () => {
    const dir = configDir();
    const env = {
      HEALTHDATA_CONFIG_DIR: dir,
      HEALTHDATA_API_KEY: KEY_B,
      HEALTHDATA_BASE_URL: bob.current.url,
    };
    const { code, report } = await status(['--profile', 'alice'], env);
    expect(code).toBe(0);
    expect(report.base_url.value).toBe(alice.current.url);
    expect(report.api_key.source).toBe(`profile 'alice' in the config file ${dir}/config.json`);
  });

  it("3. HEALTHDATA_API_KEY/HEALTHDATA_BASE_URL beat HEALTHDATA_PROFILE (the key only when it is the profile's own)", async () => {
    const env = {
      HEALTHDATA_CONFIG_DIR: configDir(),
      HEALTHDATA_PROFILE: 'alice',
      HEALTHDATA_API_KEY: KEY_A,
      HEALTHDATA_BASE_URL: alice.current.url,
    };
    const { code, report } = await status([], env);
    expect(code).toBe(0);
    expect(report.base_url).toEqual({ value: alice.current.url, source: 'HEALTHDATA_BASE_URL' });
    expect(report.api_key.source).toBe('HEALTHDATA_API_KEY');
    const mixed = await status([], { ...env, HEALTHDATA_API_KEY: KEY_B });
    expect(mixed.code).toBe(2);
  });

  it('4. HEALTHDATA_PROFILE beats the default settings; 5. the defaults work as before', async () => {
    const dir = configDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const viaEnv = await status([], { ...env, HEALTHDATA_PROFILE: 'alice' });
    expect(viaEnv.code).toBe(0);
    expect(viaEnv.report.base_url.value).toBe(alice.current.url);
    const defaults = await status([], env);
    expect(defaults.code).toBe(0);
    expect(defaults.report.base_url).toEqual({
      value: bob.current.url,
      source: `the config file ${dir}/config.json`,
    });
  });

  it('the two people get their own data', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: configDir() };
    const argv = ['metrics', '-m', 'steps', '--from', '2026-11-01', '-f', 'csv'];
    const a = await runCli([...argv, '--profile', 'alice'], { env });
    const b = await runCli(argv, { env });
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout.split('\n').length).toBeGreaterThan(10);
    expect(a.stdout).not.toBe(b.stdout);
  });

  it('a profile without a base URL takes the next one down; without a key it stops', async () => {
    const dir = configDir();
    const keyOnly = await status(['--profile', 'alice-keyonly'], {
      HEALTHDATA_CONFIG_DIR: dir,
      HEALTHDATA_BASE_URL: alice.current.url,
    });
    expect(keyOnly.code).toBe(0);
    expect(keyOnly.report.base_url.source).toBe('HEALTHDATA_BASE_URL');
    // carol has a base URL but no key: the default key (bob's) is never sent for her.
    const mark = alice.current.requests.length;
    const noKey = await runCli(['profile', '--profile', 'carol'], {
      env: { HEALTHDATA_CONFIG_DIR: dir, HEALTHDATA_API_KEY: KEY_A },
    });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toBe(
      "healthdata: error: profile 'carol' (from --profile) has no API key — run 'healthdata config set api-key --profile carol'; a profile never borrows another key\n",
    );
    expect(alice.current.requests.length).toBe(mark);
  });
});

describe('unknown and unsafe profiles', () => {
  it('an unknown profile is exit 2, one line naming it and the nearest profiles', async () => {
    const dir = configDir();
    for (const [argv, env, source] of [
      [['--profile', 'alcie'], {}, '--profile'],
      [[], { HEALTHDATA_PROFILE: 'alcie' }, 'HEALTHDATA_PROFILE'],
    ] as const) {
      const result = await runCli(['metrics', '-m', 'steps', ...argv], {
        env: { HEALTHDATA_CONFIG_DIR: dir, ...env },
      });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `healthdata: error: unknown profile 'alcie' (from ${source}) — did you mean 'alice'? nearest: alice, carol, alice-keyonly (of 3 in the config file ${dir}/config.json)\n`,
      });
    }
  });

  it("--demo with --profile is exit 2: the demo is nobody's data", async () => {
    const result = await runCli(['metrics', '--demo', '--profile', 'alice', '-m', 'steps'], {
      env: { HEALTHDATA_CONFIG_DIR: configDir() },
    });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'healthdata: error: --demo has no profiles: leave out --profile\n',
    });
  });

  it('a name a folder cannot safely take is exit 2, before anything is read', async () => {
    const result = await runCli(['sync', join(tempDir(), 'out.csv'), '--profile', '../etc'], {
      env: { HEALTHDATA_CONFIG_DIR: configDir() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "the profile name '../etc' from --profile is not allowed: a profile name is 1 to 64 letters, digits, dots, dashes or underscores",
    );
  });

  it('--profile is taken before the command name too', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: configDir() };
    const result = await runCli(['--profile', 'alice', 'status', '-f', 'json'], { env });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as StatusJson).base_url.value).toBe(alice.current.url);
  });
});
