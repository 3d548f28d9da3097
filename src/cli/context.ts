// Everything a command may touch of the outside world. Only src/cli/main.ts builds one from
// the real process; tests build their own with in-memory streams.
import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Clock } from '../api/clock.ts';
import type { Env } from '../config/settings.ts';
import type { SpawnPager } from '../terminal/pager.ts';

export interface Context {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** The terminal's size when stdout is one (columns and rows), for tables and the pager. */
  stdoutColumns?: number;
  /** The width of stderr when it is a terminal, for the progress line. */
  stderrColumns?: number;
  /** Starts the pager with stdout as its terminal (only the entry can); absent in tests in-process. */
  spawnPager?: SpawnPager;
  env: Env;
  clock: Clock;
  /** Aborted on SIGINT/SIGTERM; the reason is a SignalError. */
  signal: AbortSignal;
  /** An injected transport (tests); otherwise each run makes one keep-alive undici Agent. */
  dispatcher?: Dispatcher;
  random?: () => number;
}
