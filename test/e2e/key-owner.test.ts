// Whose key is it? A profile chosen by --profile or HEALTHDATA_PROFILE beside a key from
// --api-key or HEALTHDATA_API_KEY that is not the profile's own would file one person's data
// under another's name: every command that resolves settings refuses it (one line, exit 2,
// nothing written, no request), and the same key is no mix. Real processes, two sandboxes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { rawMcp } from '../helpers/mcp.ts';
import { twoPeople } from '../helpers/profiles.ts';
import { spawnCli } from '../helpers/spawn.ts';

const { alice, bob, KEY_A, KEY_B, configDir } = twoPeople();

const FROM_ENV =
  "healthdata: error: the API key from HEALTHDATA_API_KEY is not the key of profile 'alice' (from HEALTHDATA_PROFILE): one person's data would be filed under another's name — unset HEALTHDATA_API_KEY, or unset HEALTHDATA_PROFILE\n";
const FROM_FLAGS =
  "healthdata: error: the API key from --api-key is not the key of profile 'alice' (from --profile): one person's data would be filed under another's name — leave out --api-key, or leave out --profile\n";

/** Requests both servers have had so far. */
const served = (): number => alice.current.requests.length + bob.current.requests.length;

describe("a key that is not the chosen profile's", () => {
  it("HEALTHDATA_PROFILE=alice with bob's HEALTHDATA_API_KEY: every command refuses, nothing is written", async () => {
    const env = {
      HEALTHDATA_CONFIG_DIR: configDir(),
      HEALTHDATA_PROFILE: 'alice',
      HEALTHDATA_API_KEY: KEY_B,
    };
    const out = tempDir();
    const mark = served();
    for (const args of [
      ['sync', join(out, 'alice.csv'), '-m', 'steps'],
      ['sync', join(out, 'alice.db')],
      ['sync', join(out, 'study'), '--format', 'parquet'],
      ['metrics', '-m', 'steps', '-f', 'csv'],
      ['report', '-o', join(out, 'report.html')],
      ['summary'],
    ]) {
      const run = await spawnCli(args, { env });
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }, args.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: FROM_ENV,
      });
    }
    // Not even a sync's lock file, and no request to either person's server.
    expect(readdirSync(out)).toEqual([]);
    expect(served()).toBe(mark);
  });

  it("--profile alice --api-key bob's: refused the same way", async () => {
    const env = { HEALTHDATA_CONFIG_DIR: configDir() };
    const out = tempDir();
    const mark = served();
    for (const args of [
      ['sync', join(out, 'alice.ndjson'), '--profile', 'alice', '--api-key', KEY_B],
      ['sync', join(out, 'study'), '--format', 'parquet', '--profile', 'alice', '--api-key', KEY_B],
      ['metrics', '--profile', 'alice', '--api-key', KEY_B],
    ]) {
      const run = await spawnCli(args, { env });
      expect({ code: run.code, stderr: run.stderr }, args.join(' ')).toEqual({
        code: 2,
        stderr: FROM_FLAGS,
      });
    }
    expect(readdirSync(out)).toEqual([]);
    expect(served()).toBe(mark);
  });

  it('status reports the problem in its report (text and JSON), and exits 2', async () => {
    const env = {
      HEALTHDATA_CONFIG_DIR: configDir(),
      HEALTHDATA_PROFILE: 'alice',
      HEALTHDATA_API_KEY: KEY_B,
    };
    const json = await spawnCli(['status', '-f', 'json'], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      profile: { name: 'alice', source: 'HEALTHDATA_PROFILE' },
      api_key: { redacted: null, source: 'HEALTHDATA_API_KEY' },
      error: { code: 'key_not_profile' },
    });
    expect(json.stderr).toBe(FROM_ENV);
    const text = await spawnCli(['status'], { env });
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('profile alice  (from HEALTHDATA_PROFILE)');
    expect(text.stdout).toContain(
      "  API key      not the profile's own  (from HEALTHDATA_API_KEY)\n",
    );
    expect(text.stdout).toContain(
      "  API profile  ✗ not tried: the API key is not this profile's\n",
    );
    expect(text.stderr).toBe(FROM_ENV);
    for (const output of [json.stdout, json.stderr, text.stdout, text.stderr]) {
      expect(output).not.toContain(KEY_A);
      expect(output).not.toContain(KEY_B);
    }
  });

  it('mcp refuses to start, rather than serve bob under alice’s name', async () => {
    const mark = served();
    const mcp = rawMcp([], {
      HEALTHDATA_CONFIG_DIR: configDir(),
      HEALTHDATA_PROFILE: 'alice',
      HEALTHDATA_API_KEY: KEY_B,
    });
    expect(await mcp.exited).toBe(2);
    expect(mcp.stderr()).toBe(FROM_ENV);
    expect(served()).toBe(mark);
  });

  it("the profile's own key from the environment or a flag is no mix: the sync runs", async () => {
    const dir = configDir();
    const out = tempDir();
    const viaEnv = await spawnCli(['sync', join(out, 'a.csv'), '-m', 'steps'], {
      env: { HEALTHDATA_CONFIG_DIR: dir, HEALTHDATA_PROFILE: 'alice', HEALTHDATA_API_KEY: KEY_A },
    });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(viaEnv.stderr.split('\n')[0]).toBe(
      `healthdata: syncing profile 'alice' (from HEALTHDATA_PROFILE) into ${join(out, 'a.csv')}`,
    );
    const viaFlag = await spawnCli(
      ['sync', join(out, 'b.csv'), '-m', 'steps', '--profile', 'alice', '--api-key', KEY_A],
      { env: { HEALTHDATA_CONFIG_DIR: dir } },
    );
    expect(viaFlag.code, viaFlag.stderr).toBe(0);
    expect(
      readdirSync(out)
        .filter((n) => !n.endsWith('.sync-lock'))
        .sort(),
    ).toEqual(['a.csv', 'b.csv']);
  });

  it("--profile never reads HEALTHDATA_API_KEY: a dataset sync of alice with bob's key exported is alice's", async () => {
    const env = {
      HEALTHDATA_CONFIG_DIR: configDir(),
      HEALTHDATA_PROFILE: 'carol',
      HEALTHDATA_API_KEY: KEY_B,
    };
    const dir = join(tempDir(), 'study');
    const marks = [alice.current.requests.length, bob.current.requests.length];
    const run = await spawnCli(
      ['sync', dir, '--format', 'parquet', '--profile', 'alice', '-m', 'steps'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dir).filter((n) => !n.startsWith('.'))).toEqual(['profile=alice']);
    expect(alice.current.requests.length).toBeGreaterThan(marks[0] as number);
    expect(bob.current.requests.length).toBe(marks[1]);
    for (const request of alice.current.requests.slice(marks[0])) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY_A}`);
    }
  });
});
