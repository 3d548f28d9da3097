// The process edge: the only module that reads process.argv and process.env, listens for
// signals, and sets the exit code. The exit code is set, never forced with process.exit(), so
// piped output always drains completely.
import { systemClock } from '../lib/clock.ts';
import { SignalError } from './signal-error.ts';
import { spawnPagerProcess } from '../output/terminal/pager.ts';
import { run } from './run.ts';

const controller = new AbortController();
let signals = 0;
const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
  signals += 1;
  // A second Ctrl-C means "now": the first one's clean-up is taking too long.
  if (signals > 1) process.exit(signal === 'SIGINT' ? 130 : 143);
  controller.abort(new SignalError(signal));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
// An EPIPE on stdout is handled where output is written; this keeps a late one from crashing.
process.stdout.on('error', () => undefined);

const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  ...(process.stdout.isTTY ? { stdoutColumns: process.stdout.columns } : {}),
  ...(process.stderr.isTTY ? { stderrColumns: process.stderr.columns } : {}),
  spawnPager: spawnPagerProcess,
  env: process.env,
  clock: systemClock,
  signal: controller.signal,
});
process.exitCode = code;
