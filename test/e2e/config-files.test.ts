// The config file when it is broken, of the wrong shape, or in a directory healthdata does not
// own; base-url checks at `config set`; and a 401 that names where the rejected key came from.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli } from '../helpers/spawn.ts';

const sandbox = useSandbox();
const SECRET = 'phd_live_SECRET_in_a_broken_file';

describe('a broken config file', () => {
  it('`config path` still works; every other command exits 2 naming the file, never its content', async () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, `{"api-key": "${SECRET}",`);
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const path = await runCli(['config', 'path'], { env });
    expect(path).toEqual({ code: 0, stdout: `${file}\n`, stderr: '' });
    const message = `healthdata: error: config file ${file} is not valid JSON — fix or remove it\n`;
    for (const argv of [
      ['config', 'list'],
      ['config', 'get', 'api-key'],
      ['config', 'set', 'base-url', 'https://api.example.com'],
      ['config', 'unset', 'api-key'],
      ['metrics', '--base-url', sandbox.current.url],
      ['profile'],
    ]) {
      const result = await runCli(argv, { env });
      expect({ argv, ...result }).toEqual({ argv, code: 2, stdout: '', stderr: message });
    }
    expect(readFileSync(file, 'utf8')).toBe(`{"api-key": "${SECRET}",`);
  });

  it('a value of the wrong type is named', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"api-key": 123}');
    const result = await runCli(['metrics', '--base-url', sandbox.current.url], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `healthdata: error: config file ${join(dir, 'config.json')}: "api-key" must be a string, not a number — fix or remove it\n`,
    );
  });

  it('a file that is not an object, or cannot be read, is named too', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), `["${SECRET}"]`);
    const list = await runCli(['config', 'list'], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('is not a JSON object of settings — fix or remove it');
    expect(list.stderr).not.toContain(SECRET);
    const other = tempDir();
    mkdirSync(join(other, 'config.json'));
    const read = await runCli(['config', 'list'], { env: { HEALTHDATA_CONFIG_DIR: other } });
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(
      `healthdata: error: config file ${join(other, 'config.json')} cannot be read (EISDIR) — fix its permissions or remove it\n`,
    );
  });
});

describe('a broken config file stops every command of the real CLI, even with --demo or flags', () => {
  const broken = (content: string | null): { dir: string; file: string } => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    if (content === null) mkdirSync(file);
    else writeFileSync(file, content);
    return { dir, file };
  };
  const everyCommand = (dir: string): string[][] => [
    ['metrics', '--demo'],
    ['metrics', '--base-url', sandbox.current.url, '--api-key', sandbox.current.apiKey],
    ['summary', '--demo'],
    ['chart', 'steps_total', '--demo'],
    ['catalog', '--demo'],
    ['sources', '--demo'],
    ['profile', '--demo'],
    ['sync', '--demo', join(dir, 'out.csv')],
    ['status'],
    ['config', 'list'],
    ['sandbox', '--port', '0'],
    ['mcp', '--demo'],
    ['completion', 'bash'],
  ];

  it.each([
    ['not JSON', `{"api-key": "${SECRET}",`, 'is not valid JSON — fix or remove it'],
    ['a value of the wrong type', '{"api-key": 123}', '"api-key" must be a string, not a number'],
    ['a directory (EISDIR)', null, 'cannot be read (EISDIR) — fix its permissions or remove it'],
  ])(
    '%s: exit 2 naming the file, nothing on stdout, never its content',
    async (_, content, why) => {
      const { dir, file } = broken(content);
      for (const argv of everyCommand(dir)) {
        const r = await spawnCli(argv, { env: { HEALTHDATA_CONFIG_DIR: dir } });
        expect({ argv, code: r.code, stdout: r.stdout }).toEqual({ argv, code: 2, stdout: '' });
        expect(r.stderr).toMatch(/^healthdata: error: config file .*\n$/);
        expect(r.stderr).toContain(file);
        expect(r.stderr).toContain(why);
        expect(r.stderr).not.toContain(SECRET);
      }
      expect(readdirSync(dir)).toEqual(['config.json']);
    },
  );

  it('`config path`, --help, --version, `help <command>` and TAB completion still work', async () => {
    const { dir, file } = broken(`{"api-key": "${SECRET}",`);
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    expect(await spawnCli(['config', 'path'], { env })).toMatchObject({
      code: 0,
      stdout: `${file}\n`,
      stderr: '',
    });
    for (const argv of [['--help'], ['--version'], ['help', 'metrics'], ['metrics', '--help']]) {
      const r = await spawnCli(argv, { env });
      expect({ argv, code: r.code, stderr: r.stderr }).toEqual({ argv, code: 0, stderr: '' });
      expect(r.stdout).not.toBe('');
    }
    // A TAB never prints an error in the middle of the command line: it offers the names.
    const names = await spawnCli(['__complete', 'metric', '--demo'], { env });
    expect(names.code).toBe(0);
    expect(names.stderr).toBe('');
    expect(names.stdout.split('\n')).toContain('steps_total');
  });
});

describe('directory modes', () => {
  it('an existing HEALTHDATA_CONFIG_DIR keeps its mode (a shared 1777 directory)', async () => {
    const dir = join(tempDir(), 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o1777);
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'path'], { env });
    await runCli(['config', 'list'], { env });
    expect((await runCli(['config', 'set', 'base-url', 'https://a.example'], { env })).code).toBe(
      0,
    );
    expect(statSync(dir).mode & 0o7777).toBe(0o1777);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a directory healthdata creates is 0700; `config path` creates nothing', async () => {
    const dir = join(tempDir(), 'new', 'healthdata');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'path'], { env });
    expect(() => statSync(dir)).toThrow();
    await runCli(['config', 'set', 'base-url', 'https://a.example'], { env });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('config set and unset', () => {
  it('list with nothing set says so on stderr, and prints nothing on stdout', async () => {
    const dir = tempDir();
    const empty = await runCli(['config', 'list'], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toBe(
      `nothing is set in ${join(dir, 'config.json')}; set the key with 'healthdata config set api-key'\n`,
    );
  });

  it('base-url must be https, or plain http to this machine', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: tempDir() };
    const insecure = await runCli(['config', 'set', 'base-url', 'http://api.example.com'], { env });
    expect(insecure.code).toBe(2);
    // The way out it names is one that exists: --allow-insecure-http is a flag of each command
    // that connects, not of config set.
    expect(insecure.stderr.trim()).toBe(
      'healthdata: error: refusing to save plain http:// to api.example.com: every command would send your API key in clear — save an https:// URL, or pass --base-url http://api.example.com --allow-insecure-http to each command that needs it',
    );
    const named = await runCli(
      [
        'profile',
        '--base-url',
        'http://127.0.0.1:9',
        '--allow-insecure-http',
        '--api-key',
        'phd_live_x1234567',
      ],
      { env },
    );
    expect(named.stderr).not.toContain('unknown option');
    const scheme = await runCli(['config', 'set', 'base-url', 'ftp://api.example.com'], { env });
    expect(scheme.code).toBe(2);
    expect(scheme.stderr).toContain('must use https://');
    for (const ok of ['https://api.example.com', 'http://localhost:8787', 'http://127.0.0.1:9']) {
      expect((await runCli(['config', 'set', 'base-url', ok], { env })).code).toBe(0);
    }
  });

  it('unset of a key that is not set says so', async () => {
    const dir = tempDir();
    const result = await runCli(['config', 'unset', 'api-key'], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `api-key is not set in ${join(dir, 'config.json')}; nothing to remove\n`,
    );
  });
});

describe('a 401 names where the rejected key came from', () => {
  const wrong = 'phd_live_wrong_key_000000000';
  it('the flag, the environment variable, or the config file at its path', async () => {
    const url = sandbox.current.url;
    const flag = await runCli(['profile', '--base-url', url, '--api-key', wrong]);
    expect(flag.code).toBe(3);
    expect(flag.stderr).toMatch(/rejected the key from --api-key \(401\)/);

    const env = await runCli(['profile', '--base-url', url], {
      env: { HEALTHDATA_API_KEY: wrong },
    });
    expect(env.code).toBe(3);
    expect(env.stderr).toMatch(/rejected the key from HEALTHDATA_API_KEY \(401\).*unset it/);

    const dir = tempDir();
    await runCli(['config', 'set', 'api-key', wrong], { env: { HEALTHDATA_CONFIG_DIR: dir } });
    const file = await runCli(['profile', '--base-url', url], {
      env: { HEALTHDATA_CONFIG_DIR: dir },
    });
    expect(file.code).toBe(3);
    expect(file.stderr).toContain(
      `rejected the key from the config file ${join(dir, 'config.json')} (401)`,
    );
    expect(file.stderr).toContain("run 'healthdata config set api-key' to replace it");
    for (const r of [flag, env, file]) expect(r.stderr).not.toContain(wrong);
  });
});
