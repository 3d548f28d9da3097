// Everything a command may touch of the outside world. Only src/cli/main.ts builds one from
// the real process; tests build their own with in-memory streams.
import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Clock } from '../lib/clock.ts';
import type { Env } from '../lib/env.ts';

export interface Context {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  env: Env;
  clock: Clock;
  /** Aborted on SIGINT/SIGTERM; the reason is a SignalError. */
  signal: AbortSignal;
  /** An injected transport (tests); otherwise each run makes one keep-alive undici Agent. */
  dispatcher?: Dispatcher;
  random?: () => number;
}
