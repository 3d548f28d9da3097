// Runs the built binary under /usr/bin/time, for its peak resident set: what a hostile server
// costs the machine, measured on the real process rather than estimated.
import { spawn } from 'node:child_process';
import { BIN, ROOT } from './spawn.ts';
import { TODAY_ENV } from './today.ts';

export interface Measured {
  code: number | null;
  /** stderr without time's own line. */
  stderr: string;
  stdout: string;
  /** Peak resident set of the process, in MB (10^6 bytes). */
  peakMB: number;
  seconds: number;
}

export function spawnMeasured(args: string[], env: Record<string, string>): Promise<Measured> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...TODAY_ENV, ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const kb = Number(/maxrss=(\d+)\n?$/.exec(stderr)?.[1] ?? NaN);
      resolve({
        // time exits with the command's code; its own note on a non-zero exit goes too.
        code,
        stderr: stderr
          .replace(/(Command exited with non-zero status \d+\n)?maxrss=\d+\n?$/, '')
          .trimEnd(),
        stdout,
        peakMB: Math.round((kb * 1024) / 1e6),
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}
