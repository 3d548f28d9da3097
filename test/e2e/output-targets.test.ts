// -o against every kind of thing a path can name, with the built binary: symlinks, FIFOs,
// character devices (made with mknod in a temp dir, never the machine's /dev), full disks
// (a small tmpfs in a private mount namespace), and temp files left by killed runs.
import { spawn, execFileSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { start, useSandbox } from '../helpers/sandbox.ts';
import { BIN, ROOT, spawnCli, spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });
const args = ['metrics', '-m', 'steps_total', '--from', '30d', '-f', 'csv'];
const HEADER = 'date,provider,metric,numValue,textValue,unit,stream';

describe('-o targets', () => {
  it('a symlink: its target is replaced atomically and the link is kept', async () => {
    const dir = tempDir();
    const real = join(dir, 'real.csv');
    writeFileSync(real, 'old\n', { mode: 0o640 });
    symlinkSync('real.csv', join(dir, 'link.csv'));
    const result = await spawnCli([...args, '-o', join(dir, 'link.csv')], {
      env: envFor(sandbox.current),
    });
    expect(result.code).toBe(0);
    expect(lstatSync(join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.csv'))).toBe('real.csv');
    expect(readFileSync(real, 'utf8').startsWith(`${HEADER}\n`)).toBe(true);
    expect(statSync(real).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it('a FIFO is written in place, not replaced by a file', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const [reader, result] = await Promise.all([
      spawnShell(`cat '${fifo}'`),
      spawnCli([...args, '-o', fifo], { env: envFor(sandbox.current) }),
    ]);
    expect(result.code).toBe(0);
    expect(reader.stdout.startsWith(`${HEADER}\n`)).toBe(true);
    expect(reader.stdout.trimEnd().split('\n').length).toBeGreaterThan(20);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('a character device (a null device made with mknod) is written, and keeps its node and mode', async () => {
    const dir = tempDir();
    const dev = join(dir, 'null');
    execFileSync('mknod', ['-m', '666', dev, 'c', '1', '3']);
    const result = await spawnCli([...args, '-o', dev], { env: envFor(sandbox.current) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const after = statSync(dev);
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.mode & 0o777).toBe(0o666);
    expect(readdirSync(dir)).toEqual(['null']);
  });

  it('a full device (mknod c 1 7) fails with one line naming the path and ENOSPC', async () => {
    const dir = tempDir();
    const dev = join(dir, 'full');
    execFileSync('mknod', ['-m', '666', dev, 'c', '1', '7']);
    const result = await spawnCli([...args, '-o', dev], { env: envFor(sandbox.current) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `healthdata: error: cannot write ${dev}: no space left on the device (ENOSPC)\n`,
    );
    expect(statSync(dev).isCharacterDevice()).toBe(true);
  });

  it('--version on a full device: the same one line and exit 1, no stack trace', async () => {
    const dir = tempDir();
    const dev = join(dir, 'full');
    execFileSync('mknod', ['-m', '666', dev, 'c', '1', '7']);
    const result = await spawnShell(`'${process.execPath}' '${BIN}' --version > '${dev}'`);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'healthdata: error: cannot write stdout: no space left on the device (ENOSPC)\n',
    );
  });

  it('stdout on a full device fails the same way, naming stdout', async () => {
    const dir = tempDir();
    const dev = join(dir, 'full');
    execFileSync('mknod', ['-m', '666', dev, 'c', '1', '7']);
    const result = await spawnShell(`'${process.execPath}' '${BIN}' ${args.join(' ')} > '${dev}'`, {
      env: envFor(sandbox.current),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'healthdata: error: cannot write stdout: no space left on the device (ENOSPC)\n',
    );
  });

  it('a disk that fills up mid-export: exit 1 naming path and cause, previous file intact', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.json');
    // A 64 KiB tmpfs in a private mount namespace: nothing outlives the command.
    const script = [
      `mount -t tmpfs -o size=64k tmpfs '${dir}'`,
      `printf 'previous\\n' > '${target}'`,
      `'${process.execPath}' '${BIN}' metrics -f json -o '${target}'`,
      'code=$?',
      `cat '${target}'; ls -a '${dir}'`,
      'exit $code',
    ].join('\n');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn('unshare', ['-m', 'sh', '-c', script], {
          cwd: ROOT,
          env: { PATH: process.env['PATH'], ...envFor(sandbox.current) },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
        child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
    expect(result.stderr).toBe(
      `healthdata: error: cannot write ${target}: no space left on the device (ENOSPC)\n`,
    );
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').filter((l) => l !== '.' && l !== '..' && l !== '')).toEqual([
      'previous',
      'out.json',
    ]);
  });

  it('a link to /proc/self/fd/1 (what /dev/stdout is) writes to stdout, through a pipe', async () => {
    const dir = tempDir();
    symlinkSync('/proc/self/fd/1', join(dir, 'stdout'));
    // `| cat`: a real pipe (a spawned child's stdout is a socket, which /proc cannot reopen).
    const result = await spawnShell(
      `'${process.execPath}' '${BIN}' ${args.join(' ')} -o '${join(dir, 'stdout')}' | cat`,
      { env: envFor(sandbox.current) },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`${HEADER}\n`)).toBe(true);
    expect(readdirSync(dir)).toEqual(['stdout']);
  });

  it('a dangling symlink is written through: its target is created, the link kept', async () => {
    const dir = tempDir();
    symlinkSync('made.csv', join(dir, 'link.csv'));
    const result = await spawnCli([...args, '-o', join(dir, 'link.csv')], {
      env: envFor(sandbox.current),
    });
    expect(result.code).toBe(0);
    expect(lstatSync(join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made.csv'), 'utf8').startsWith(`${HEADER}\n`)).toBe(true);
  });

  it('`-o -` writes to stdout', async () => {
    const result = await spawnCli([...args, '-o', '-'], { env: envFor(sandbox.current) });
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`${HEADER}\n`)).toBe(true);
  });

  it('a target name of 255 bytes works (the temp name is shortened, not the target)', async () => {
    const dir = tempDir();
    const name = `${'n'.repeat(251)}.csv`;
    const result = await spawnCli([...args, '-o', join(dir, name)], {
      env: envFor(sandbox.current),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('the next run removes the temp file of a SIGKILLed run, and leaves a live run’s alone', async () => {
    const slow = await start({ plan: 'pro', latencyMs: 100 });
    try {
      const dir = tempDir();
      const target = join(dir, 'out.csv');
      const killed = await spawnCli(['metrics', '--page-size', '10', '-o', target], {
        env: envFor(slow),
        onStart: (child) => {
          const timer = setInterval(() => {
            if (readdirSync(dir).some((f) => f.endsWith('.tmp')) && slow.requests.length >= 2) {
              clearInterval(timer);
              child.kill('SIGKILL');
            }
          }, 10);
        },
      });
      expect(killed.signal).toBe('SIGKILL');
      const leftover = readdirSync(dir);
      expect(leftover).toHaveLength(1);
      expect(leftover[0]).toMatch(/^\.out\.csv\.\d+\.[0-9a-f]{12}\.tmp$/);
      // A temp file whose pid is alive (this test process) must survive.
      const live = `.out.csv.${process.pid}.0123456789ab.tmp`;
      closeSync(openSync(join(dir, live), 'w'));
      const next = await spawnCli([...args, '-o', target], { env: envFor(sandbox.current) });
      expect(next.code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual([live, 'out.csv'].sort());
    } finally {
      await slow.close();
    }
  });
});
