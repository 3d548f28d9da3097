// Settings precedence and the config commands, with a real config file in a temp directory.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();

describe('config commands', () => {
  it('set reads the API key from stdin, stores it 0600 in a 0700 directory, and never shows it whole', async () => {
    const dir = join(tempDir(), 'cfg');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const key = 'phd_live_0123456789abcdefSECRET';
    const set = await runCli(['config', 'set', 'api-key'], { env, stdin: `${key}\n` });
    expect(set.code).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(key);
    expect(set.stderr).toContain('saved api-key (phd_live…CRET)');
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'api-key': key });

    expect((await runCli(['config', 'get', 'api-key'], { env })).stdout).toBe('phd_live…CRET\n');
    await runCli(['config', 'set', 'base-url', 'https://api.example.com'], { env });
    const list = await runCli(['config', 'list'], { env });
    expect(list.stdout).toBe('api-key=phd_live…CRET\nbase-url=https://api.example.com\n');
    expect((await runCli(['config', 'path'], { env })).stdout).toBe(`${file}\n`);

    expect((await runCli(['config', 'unset', 'api-key'], { env })).code).toBe(0);
    const gone = await runCli(['config', 'get', 'api-key'], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(
      `healthdata: error: api-key is not set in ${file} — set it with 'healthdata config set api-key'\n`,
    );
    // With the key in the environment, commands work: the same exit 1 says where it comes from,
    // and never shows it.
    const envKey = 'phd_live_from_the_environment_0123';
    const fromEnv = await runCli(['config', 'get', 'api-key'], {
      env: { ...env, HEALTHDATA_API_KEY: envKey },
    });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stdout).toBe('');
    expect(fromEnv.stderr).toBe(
      `healthdata: error: api-key is not set in ${file} (commands use HEALTHDATA_API_KEY from the environment; 'healthdata status' shows what is in use) — set it with 'healthdata config set api-key'\n`,
    );
    expect(fromEnv.stderr).not.toContain('from_the_environment');
  });

  it('set api-key VALUE saves it and warns that it is in shell history, pointing to stdin', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const key = 'phd_live_0123456789abcdefTYPED1';
    const typed = await runCli(['config', 'set', 'api-key', key, '--profile', 'alice'], { env });
    expect(typed.code).toBe(0);
    expect(typed.stdout).toBe('');
    expect(typed.stderr).toBe(
      `saved api-key (phd_live…PED1) to profile 'alice' in ${dir}/config.json\n` +
        "warning: the key was typed on the command line, so it is in your shell history (and was visible in ps): remove it from there, and next time leave the value out — 'healthdata config set api-key --profile alice' asks for it with the input hidden, or reads it from stdin ('healthdata config set api-key --profile alice - < key.txt')\n",
    );
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { alice: { 'api-key': key } },
    });
  });

  it('set api-key - reads the key from stdin, with no warning', async () => {
    const dir = tempDir();
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const key = 'phd_live_0123456789abcdefSTDIN1';
    const piped = await runCli(['config', 'set', 'api-key', '-'], { env, stdin: `${key}\n` });
    expect(piped).toEqual({
      code: 0,
      stdout: '',
      stderr: `saved api-key (phd_live…DIN1) to ${dir}/config.json\n`,
    });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ 'api-key': key });
    // An empty stdin is refused as before, naming where the key came from.
    const empty = await runCli(['config', 'set', 'api-key', '-'], { env, stdin: '' });
    expect(empty.code).toBe(2);
  });

  it('rejects a key with whitespace and a base URL that is not a URL', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: tempDir() };
    const key = await runCli(['config', 'set', 'api-key'], { env, stdin: 'two words\n' });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('contains whitespace');
    const url = await runCli(['config', 'set', 'base-url', 'not a url'], { env });
    expect(url.code).toBe(2);
    expect(url.stderr).toContain("the base URL 'not a url' is not a valid URL");
  });

  it('honours XDG_CONFIG_HOME when HEALTHDATA_CONFIG_DIR is not set', async () => {
    const xdg = tempDir();
    const path = await runCli(['config', 'path'], {
      env: { HEALTHDATA_CONFIG_DIR: undefined, XDG_CONFIG_HOME: xdg },
    });
    expect(path.stdout).toBe(`${join(xdg, 'healthdata', 'config.json')}\n`);
  });
});

describe('settings precedence: flag > environment > config file', () => {
  it('uses each source in turn', async () => {
    const s = sandbox.current;
    const dir = tempDir();
    await runCli(['config', 'set', 'base-url', s.url], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    await runCli(['config', 'set', 'api-key', 'phd_live_wrong_in_config'], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });

    // Config alone: the wrong key there is used, and rejected.
    const fromConfig = await runCli(['profile', '-f', 'json'], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });
    expect(fromConfig.code).toBe(3);

    // The environment beats the config file.
    const env = { HEALTHDATA_CONFIG_DIR: dir, HEALTHDATA_API_KEY: s.apiKey };
    const fromEnv = await runCli(['profile', '-f', 'json'], { env });
    expect(fromEnv.code).toBe(0);

    // A flag beats the environment.
    const badFlag = await runCli(['profile', '--api-key', 'phd_live_wrong_flag'], { env });
    expect(badFlag.code).toBe(3);
    const goodFlag = await runCli(['profile', '--api-key', s.apiKey], {
      env: { ...env, HEALTHDATA_API_KEY: 'phd_live_wrong_env' },
    });
    expect(goodFlag.code).toBe(0);

    // Same order for the base URL.
    const badUrlEnv = await runCli(['profile', '--api-key', s.apiKey, '--retries', '0'], {
      env: { ...env, HEALTHDATA_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(badUrlEnv.code).toBe(1);
    const urlFlag = await runCli(['profile', '--base-url', s.url, '--api-key', s.apiKey], {
      env: { ...env, HEALTHDATA_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(urlFlag.code).toBe(0);
  });

  it('with --verbose names where each setting came from, never the key', async () => {
    const s = sandbox.current;
    const { stderr, code } = await runCli(['profile', '--verbose', '-f', 'json'], {
      env: { HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey },
    });
    expect(code).toBe(0);
    expect(stderr).toContain('base URL from HEALTHDATA_BASE_URL, API key from HEALTHDATA_API_KEY');
    expect(stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/profile → 200 \(\d+ ms\)/);
    expect(stderr).not.toContain(s.apiKey);
  });
});
