// Start-up work the bundle must not do (issue 14): Node built-ins that cost milliseconds on
// every run but that the CLI never uses. Checked on the real binary, through the list of
// built-ins Node loaded (process.moduleLoadList), printed by a preload at exit.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, spawnCli } from '../helpers/spawn.ts';
import { tempDir } from '../helpers/temp.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const PRELOAD_CODE =
  'process.on("exit", () => process.stderr.write("\\nMODULES " + JSON.stringify(process.moduleLoadList)));';
/** NODE_OPTIONS that run `code` before the CLI: base64, because NODE_OPTIONS strips quotes. */
const preload = (code: string): string =>
  `--import=data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;

async function builtinsLoaded(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const result = await spawnCli(args, { env: { ...env, NODE_OPTIONS: preload(PRELOAD_CODE) } });
  expect(result.code, result.stderr).toBe(0);
  const line = result.stderr.split('\n').find((l) => l.startsWith('MODULES '));
  const list = JSON.parse(line?.slice('MODULES '.length) ?? '[]') as string[];
  return list
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => m.slice('NativeModule '.length));
}

describe('start-up', () => {
  const sandbox = useSandbox();

  it('--version and --help load no child_process (commander only needs it for subcommand executables)', async () => {
    for (const args of [['--version'], ['--help'], ['metrics', '--help']]) {
      const loaded = await builtinsLoaded(args);
      expect(loaded).toContain('fs'); // the list is real
      expect(loaded).not.toContain('child_process');
      // Output that is not a terminal gets no colour, so nothing asks node:tty.
      expect(loaded).not.toContain('tty');
    }
  });

  it('--version alone is answered by the bin before the CLI loads, with the same text', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const result = await spawnCli([flag]);
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
    // The same answer through commander (any other argument takes the full path).
    expect((await spawnCli(['--version', '--no-color'])).stdout).toBe(`${version}\n`);
    // The bundle is not loaded for it: node:module (the bundle loader's createRequire) and node:os
    // (the config directory) are what the full path adds to Node's own start.
    const fast = await builtinsLoaded(['--version']);
    const full = await builtinsLoaded(['--version', '--no-color']);
    for (const name of ['module', 'os']) {
      expect(full).toContain(name);
      expect(fast).not.toContain(name);
    }
  });

  it('a one-request command loads no HTTP/2, TLS, crypto, assert or zlib over plain HTTP', async () => {
    const loaded = await builtinsLoaded(['profile', '-f', 'json', ...sandbox.args()]);
    expect(loaded).toContain('net');
    // assert: undici's invariant checks get a bare stand-in; zlib: the body was not compressed.
    for (const unused of ['http2', 'tls', 'crypto', 'child_process', 'assert', 'zlib', 'tty']) {
      expect(loaded).not.toContain(unused);
    }
  });

  it('process.stdin is built only by a command that reads it', async () => {
    // A preload that says on stderr whenever process.stdin is first asked for: building it makes
    // a stream for fd 0 (a socket for a pipe, a tty.ReadStream for a terminal).
    const probe = [
      'const own = Object.getOwnPropertyDescriptor(process, "stdin");',
      'Object.defineProperty(process, "stdin", { configurable: true, get() {',
      '  process._rawDebug("STDIN BUILT"); return own.get.call(process); } });',
    ].join('\n');
    const env = { NODE_OPTIONS: preload(probe) };
    const notReading = await spawnCli(['profile', '-f', 'json', ...sandbox.args()], { env });
    expect(notReading.code, notReading.stderr).toBe(0);
    expect(notReading.stderr).not.toContain('STDIN BUILT');
    // The probe sees it when a command does read stdin.
    const config = tempDir('healthdata-config-');
    const reading = await spawnCli(['config', 'set', 'api-key'], {
      env: { ...env, HEALTHDATA_CONFIG_DIR: config },
      input: 'phd_live_0123456789abcdef0123\n',
    });
    expect(reading.code, reading.stderr).toBe(0);
    expect(reading.stderr).toContain('STDIN BUILT');
  });

  it('settings from the config file are read without conf (and its schema validator)', async () => {
    const dir = tempDir('healthdata-config-');
    const { url, apiKey } = sandbox.current;
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ 'base-url': url, 'api-key': apiKey }),
      {
        mode: 0o600,
      },
    );
    const loaded = await builtinsLoaded(['profile', '-f', 'json'], { HEALTHDATA_CONFIG_DIR: dir });
    expect(loaded).toContain('net');
    // conf's ajv asked node:crypto (and util's lazy parseArgs and MIME) as it loaded.
    for (const unused of ['crypto', 'internal/mime', 'internal/util/parse_args/parse_args']) {
      expect(loaded).not.toContain(unused);
    }
  });
});
