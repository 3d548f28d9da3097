// status, sync and mcp say whose settings they use; mcp --profile serves that person only.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { spawnedServer } from '../helpers/mcp.ts';
import { twoPeople } from '../helpers/profiles.ts';

const { alice, bob, KEY_A, configDir } = twoPeople();

describe('the profile in use is named', () => {
  it('status shows it in its text and its JSON', async () => {
    const dir = configDir();
    const text = await runCli(['status', '--profile', 'alice'], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  Settings       profile alice  (from --profile)\n');
    expect(text.stdout).toContain(
      `  API key        phd_live…cdef  (from profile 'alice' in the config file ${dir}/config.json)\n`,
    );
    const json = await runCli(['status', '-f', 'json'], {
      env: { HEALTHDATA_CONFIG_DIR: dir, HEALTHDATA_PROFILE: 'carol' },
    });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      profile: { name: 'carol', source: 'HEALTHDATA_PROFILE' },
      error: { code: 'no_api_key' },
    });
    const none = await runCli(['status', '-f', 'json'], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    expect(JSON.parse(none.stdout)).toMatchObject({ ok: true, profile: null });
  });

  it('sync says whose data it writes, before anything else (not with -q)', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: configDir(), HEALTHDATA_PROFILE: 'alice' };
    const target = join(tempDir(), 'alice.csv');
    const sync = await runCli(['sync', target, '-m', 'steps', '--from', '2026-11-15'], { env });
    expect(sync.code).toBe(0);
    expect(sync.stderr.split('\n')[0]).toBe(
      `healthdata: syncing profile 'alice' (from HEALTHDATA_PROFILE) into ${target}`,
    );
    const quiet = await runCli(['sync', target, '-m', 'steps', '-q'], { env });
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
  });

  it('mcp --profile serves that person only, and says so', async () => {
    const dir = configDir();
    const marks = [alice.current.requests.length, bob.current.requests.length];
    const mcp = await spawnedServer(['--profile', 'alice'], { HEALTHDATA_CONFIG_DIR: dir });
    try {
      const got = await mcp.call('get_profile', {});
      expect(JSON.stringify(got.structured)).not.toContain(KEY_A);
      expect(alice.current.requests.length).toBeGreaterThan(marks[0] as number);
      expect(bob.current.requests.length).toBe(marks[1]);
      expect(mcp.stderr()).toMatch(
        /healthdata mcp: serving .* over stdio for profile 'alice' \(from --profile\)\n/,
      );
    } finally {
      await mcp.close();
    }
  });
});
