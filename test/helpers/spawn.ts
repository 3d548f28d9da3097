// Runs the built binary (bin/healthdata.js) as a real process, for what only a process can
// show: pipes, signals, exit codes as the shell sees them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TODAY_ENV } from './today.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/healthdata.js', import.meta.url));

export interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  onStart?: (child: ChildProcess) => void;
  /** Run as this user and group (the tests run as root; 65534 is nobody). */
  uid?: number;
  gid?: number;
  /** Another copy of bin/healthdata.js (test/helpers/nobody.ts); its package is the cwd. */
  bin?: string;
}

export function spawnCli(args: string[], options: SpawnOptions = {}): Promise<Spawned> {
  return spawnCommand(process.execPath, [options.bin ?? BIN, ...args], options);
}

/** Runs a shell command line (for real pipelines such as `healthdata … | head -n 3`). */
export function spawnShell(
  script: string,
  options: {
    env?: Record<string, string | undefined>;
    onStart?: (child: ChildProcess) => void;
  } = {},
): Promise<Spawned> {
  return spawnCommand('/bin/bash', ['-o', 'pipefail', '-c', script], options);
}

function spawnCommand(command: string, args: string[], options: SpawnOptions): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.bin === undefined ? ROOT : dirname(dirname(options.bin)),
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...TODAY_ENV, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(options.input ?? '');
    options.onStart?.(child);
  });
}

/**
 * Waits until a shell has written the file `path` whole: `echo x > f` creates the file empty
 * before it writes, so "the file exists" alone can be read as '' (a CI run failed that way).
 * The writers end their text with a newline, which is the sign the write is done.
 */
export async function untilWritten(path: string, ms = 15_000): Promise<void> {
  await until(() => existsSync(path) && readFileSync(path, 'utf8').endsWith('\n'), ms);
}

/** Waits until `check` holds, polling every 10 ms. */
export async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
