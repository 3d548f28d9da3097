// What a command may touch of the outside world, in two parts: IO (the streams and whether
// each is a terminal, as gh's IOStreams) and Runtime (environment, clock, cancellation and
// transport). Only src/cli/main.ts builds them from the real process; tests build their own
// with in-memory streams. A function takes the narrowest part it needs.
import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Clock } from '../lib/clock.ts';
import type { Env } from '../lib/env.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { SpawnPager } from '../output/terminal/pager.ts';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  /** stdout is a pipe or FIFO (`| head`): its reader can leave without a write noticing. */
  stdoutIsPipe?: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** The terminal's width when stdout is one, for tables and help. */
  stdoutColumns?: number;
  /** The width of stderr when it is a terminal, for the progress line and help. */
  stderrColumns?: number;
  /** Starts the pager with stdout as its terminal (only the entry can); absent in tests in-process. */
  spawnPager?: SpawnPager;
}

export interface Runtime {
  env: Env;
  clock: Clock;
  /** Aborted on SIGINT/SIGTERM; the reason is a SignalError. */
  signal: AbortSignal;
  /** An injected transport (tests); otherwise each run makes one keep-alive undici Agent. */
  dispatcher?: Dispatcher;
  random?: () => number;
  /**
   * The secrets of this run (the key in use, wherever it came from, and every secret of the
   * config file), hidden in every message and every body the API client reads. run() makes
   * it; config-guard.ts adds the config file's; whatever resolves or reads a key adds it.
   */
  secrets?: Secrets;
  /**
   * Tunes the JS engine for a long streaming export (only the entry can: it is process-wide);
   * absent in tests in-process.
   */
  tuneForStreaming?: () => void;
}

/** Everything a command is given: its IO and its runtime. */
export type Context = IO & Runtime;

/**
 * `ctx` with `fields` in place of its own. Not a spread: a spread reads every getter, and the
 * entry passes stdin and stdinIsTTY as getters so that process.stdin, which builds a stream
 * (and loads its modules) on first touch, is built only by the commands that read it.
 */
export function withFields<T extends object>(ctx: T, fields: Partial<T>): T {
  const copy = Object.create(
    Object.getPrototypeOf(ctx) as object | null,
    Object.getOwnPropertyDescriptors(ctx),
  ) as T;
  for (const [name, value] of Object.entries(fields)) {
    Object.defineProperty(copy, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return copy;
}
