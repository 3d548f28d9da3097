// The process edge: the only module that reads process.argv and process.env, listens for
// signals, and sets the exit code. The exit code is set, never forced with process.exit(), so
// piped output always drains completely — except after a signal, where a stalled reader must
// not keep the process alive.
import { fstatSync } from 'node:fs';
import { systemClock } from '../lib/clock.ts';
import { SignalError } from './signal-error.ts';
import { PipeClosedError } from '../output/destination.ts';
import { spawnPagerProcess } from '../output/terminal/pager.ts';
import { run } from './run.ts';

const controller = new AbortController();
let stoppedBy: SignalError | undefined;
const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
  const code = signal === 'SIGINT' ? 130 : 143;
  // A second Ctrl-C means "now": the first one's clean-up is taking too long.
  if (stoppedBy) process.exit(code);
  stoppedBy = new SignalError(signal);
  controller.abort(stoppedBy);
  // Clean-up (removing a temp file) takes milliseconds; anything still holding the process
  // after a second (a write to a reader that never reads) is given up on.
  setTimeout(() => process.exit(code), 1000).unref();
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
// An EPIPE on stdout is handled where output is written; this keeps a late one from crashing.
process.stdout.on('error', () => undefined);
// Nobody reads stderr any more (`--verbose 2>&1 | head`): stop quietly, there is no one to tell.
process.stderr.on('error', () => controller.abort(new PipeClosedError()));

const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // process.stdin builds a stream (and loads its modules) on first touch: only `config set`'s
  // prompt and `mcp` read it, so every other command is spared the start-up cost.
  get stdin() {
    return process.stdin;
  },
  stdoutIsTTY: process.stdout.isTTY === true,
  stdoutIsPipe: isPipe(1),
  stderrIsTTY: process.stderr.isTTY === true,
  get stdinIsTTY() {
    return process.stdin.isTTY === true;
  },
  ...(process.stdout.isTTY ? { stdoutColumns: process.stdout.columns } : {}),
  ...(process.stderr.isTTY ? { stderrColumns: process.stderr.columns } : {}),
  spawnPager: spawnPagerProcess,
  env: process.env,
  clock: systemClock,
  signal: controller.signal,
});
if (stoppedBy) {
  // Clean-up is done. Output a stalled reader never took would hold the process open (stdout
  // cannot be closed from JavaScript), and it is not wanted any more: exit now, with the code
  // the run decided (143 for a stopped export; 0 for a server that a signal stops normally).
  process.exit(code);
}
process.exitCode = code;

function isPipe(fd: number): boolean {
  try {
    return fstatSync(fd).isFIFO();
  } catch {
    return false;
  }
}
