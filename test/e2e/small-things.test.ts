// Small things users hit: flags before the command, format names in any case, natural option
// errors, and `sandbox` output that can be pasted into a shell.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { BIN, ROOT, spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox();

describe('global flags before the command', () => {
  it('`healthdata --verbose -f JSON --base-url … --api-key=… profile` works like flags after it', async () => {
    const s = sandbox.current;
    const before = await runCli([
      '--verbose',
      '-f',
      'JSON',
      '--base-url',
      s.url,
      `--api-key=${s.apiKey}`,
      'profile',
    ]);
    expect(before.code).toBe(0);
    expect(before.stderr).toMatch(/^healthdata: GET /m);
    const after = await runCli([
      'profile',
      '-f',
      'json',
      '--base-url',
      s.url,
      '--api-key',
      s.apiKey,
    ]);
    expect(before.stdout).toBe(after.stdout);
    expect(() => JSON.parse(before.stdout) as unknown).not.toThrow();
  });

  it('a flag the command does not take is still an error', async () => {
    const result = await runCli(['--demo', 'config', 'path']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--demo'");
  });
});

describe('format names', () => {
  it('are case-insensitive', async () => {
    const s = sandbox.current;
    const args = ['metrics', '--from', '7d', '--base-url', s.url, '--api-key', s.apiKey];
    const upper = await runCli([...args, '-f', 'TSV']);
    const lower = await runCli([...args, '-f', 'tsv']);
    expect(upper.code).toBe(0);
    expect(upper.stdout).toBe(lower.stdout);
    expect(upper.stdout.split('\n')[0]).toBe(
      'date\tprovider\tmetric\tnumValue\ttextValue\tunit\tstream',
    );
  });
});

describe('sandbox', () => {
  it('with --host 0.0.0.0 prints export lines with a loopback URL that healthdata accepts, and Ctrl-C ends it with 0', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--host', '0.0.0.0'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          if (out.split('\n').length > 2) resolve();
        });
        child.on('exit', () => reject(new Error('sandbox exited')));
      });
      const lines = out.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^export HEALTHDATA_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(/^export HEALTHDATA_API_KEY=\S+$/);
      // Pasted into a shell as printed, then used.
      const used = await spawnShell(`${out}\n'${process.execPath}' '${BIN}' profile -f json`);
      expect(used.stderr).toBe('');
      expect(used.code).toBe(0);
      // Ctrl-C is how the sandbox is meant to stop, so it is a clean exit (README: exit codes).
      const exited = new Promise((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      child.kill('SIGINT');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
