// `healthdata status`: where the settings come from, and whether they work.
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { closedPort } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'free' });

describe('healthdata status', () => {
  it('names each setting and its source, and reports the plan window and response time', async () => {
    const { url, apiKey } = sandbox.current;
    const { code, stdout, stderr } = await runCli(['status', '--base-url', url], {
      env: { HEALTHDATA_API_KEY: apiKey },
    });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`API            ${url}  (from --base-url)`);
    expect(stdout).toMatch(/API key +phd_live…[0-9a-f]{4} {2}\(from HEALTHDATA_API_KEY\)/);
    expect(stdout).not.toContain(apiKey);
    // The API's profile check, not to be read as --profile.
    expect(stdout).toMatch(/\n {2}API profile +✓ reached in \d+ ms\n/);
    expect(stdout).not.toMatch(/^ {2}Profile/m);
    expect(stdout).toMatch(/Plan +free\n/);
    expect(stdout).toMatch(/Window +30 days\n/);
    expect(stdout).toMatch(/History floor +2026-10-24\n/);
    expect(stdout).toMatch(/Source cap +2\n/);
    expect(sandbox.current.requests.at(-1)?.path).toBe('/api/v1/profile');
    // --no-pager, which every terminal command takes, changes nothing here.
    const flagged = await runCli(['status', '--base-url', url, '--no-pager'], {
      env: { HEALTHDATA_API_KEY: apiKey },
    });
    expect(flagged.code).toBe(0);
    expect(flagged.stdout.replace(/\d+ ms/, 'N ms')).toBe(stdout.replace(/\d+ ms/, 'N ms'));
  });

  it('names the config file, with its path, when the settings come from it', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', sandbox.current.url], { env });
    await runCli(['config', 'set', 'api-key'], { env, stdin: sandbox.current.apiKey });
    const { code, stdout } = await runCli(['status'], { env });
    expect(code).toBe(0);
    expect(stdout).toContain(`(from the config file ${dir}/config.json)`);
  });

  it('with the key missing, still shows the base URL from the config file', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', sandbox.current.url], { env });
    const { code, stdout } = await runCli(['status'], { env });
    expect(code).toBe(3);
    expect(stdout).toContain(
      `  API          ${sandbox.current.url}  (from the config file ${dir}/config.json)\n`,
    );
    expect(stdout).toMatch(/API key +not set/);
  });

  it('-f json for scripts', async () => {
    const { code, stdout } = await runCli(['status', ...sandbox.args(), '-f', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      ok: true,
      base_url: { value: sandbox.current.url, source: '--base-url' },
      api_key: { source: '--api-key' },
      plan: 'free',
      history_window_days: 30,
      history_floor: '2026-10-24',
      source_cap: 2,
      error: null,
    });
    expect(typeof report['response_ms']).toBe('number');
    expect(stdout).not.toContain(sandbox.current.apiKey);
  });

  it('exit 3 when the key is rejected, with the error on stderr', async () => {
    const key = 'phd_live_wrong_key_000000000';
    const { code, stdout, stderr } = await runCli([
      'status',
      '--base-url',
      sandbox.current.url,
      '--api-key',
      key,
    ]);
    expect(code).toBe(3);
    expect(stdout).toContain('✗ the key was rejected (401)');
    expect(stderr).toMatch(/^healthdata: error: the API rejected the key from --api-key \(401\)/);
    expect(stdout + stderr).not.toContain(key);
  });

  it('exit 1 when the API cannot be reached', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await runCli([
      'status',
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--api-key',
      'phd_live_x_0000000000000000',
      '--retries',
      '0',
      '-f',
      'json',
    ]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: expect.any(String) } });
    expect(stderr).toContain('could not connect');
  });

  it('exit 2 without a base URL, 3 without a key, saying what is not set', async () => {
    const noUrl = await runCli(['status'], { env: {} });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stdout).toMatch(/API +not set/);
    const noKey = await runCli(['status', '--base-url', sandbox.current.url], { env: {} });
    expect(noKey.code).toBe(3);
    expect(noKey.stdout).toContain(`API          ${sandbox.current.url}  (from --base-url)`);
    expect(noKey.stdout).toMatch(/API key +not set/);
  });

  it('a typo of a profile: says it does not exist and which was meant, exit 2, nothing sent', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', sandbox.current.url, '--profile', 'alice'], { env });
    const mark = sandbox.current.requests.length;
    const typo = await runCli(['status', '--profile', 'alcie'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stdout).toContain("  API profile  ✗ not tried: there is no profile 'alcie'\n");
    expect(typo.stdout).not.toContain('could not be reached');
    expect(typo.stderr).toBe(
      `healthdata: error: unknown profile 'alcie' (from --profile) — did you mean 'alice'? nearest: alice (of 1 in the config file ${dir}/config.json)\n`,
    );
    expect(sandbox.current.requests.length).toBe(mark);
  });
});
