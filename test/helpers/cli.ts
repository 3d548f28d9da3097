// Runs the CLI in-process through run(), the same function the binary calls, with in-memory
// streams. Each call gets its own empty config directory unless one is given.
import { PassThrough, Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { systemClock, type Clock } from '../../src/lib/clock.ts';
import type { Context } from '../../src/cli/context.ts';
import { run } from '../../src/cli/run.ts';
import { tempDir } from './temp.ts';
import { TODAY_ENV } from './today.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  clock?: Clock;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  random?: () => number;
}

export { tempDir } from './temp.ts';

export async function runCli(argv: string[], options: CliOptions = {}): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const ctx: Context = {
    stdout,
    stderr,
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    stdinIsTTY: false,
    env: {
      HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
      // A test that brings its own clock has its own today.
      ...(options.clock === undefined ? TODAY_ENV : {}),
      ...options.env,
    },
    clock: options.clock ?? systemClock,
    signal: options.signal ?? new AbortController().signal,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.random ? { random: options.random } : {}),
  };
  const code = await run(argv, ctx);
  return { code, stdout: out, stderr: err };
}

/** A clock whose local date is `date` (at noon, so no time zone moves it) and whose sleeps are instant but recorded. */
export function fixedClock(date: string): Clock & { slept: number[] } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let now = new Date(y, m - 1, d, 12, 0, 0).getTime();
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}
