// The process edge: the only module that reads process.argv and process.env, listens for
// signals, and sets the exit code. The process ends with process.exit() only once nothing is
// left to drain (see the end of this file), so piped output always arrives complete — except
// after a signal, where a stalled reader must not keep the process alive. Our own pager is not
// a stalled reader: it is a person reading, and we never exit while it runs (it would be
// orphaned on the terminal), as git does.
import { fstatSync } from 'node:fs';
import { systemClock } from '../lib/clock.ts';
import { SignalError } from './signal-error.ts';
import { PipeClosedError } from '../output/destination.ts';
import { spawnPagerProcess } from '../output/terminal/pager.ts';
import { livePagers } from './live-pagers.ts';
import { run } from './run.ts';

const GRACE_MS = 1000;
const controller = new AbortController();
const pagers = livePagers(spawnPagerProcess);
let stoppedBy: SignalError | undefined;
/** Set once run() has returned: it has said how the run ended. */
let finished = false;
// Exiting before run() returns (a second signal, a clean-up stuck past the grace) must still
// say why, as run() would have.
const sayStopped = (): void => {
  if (!finished && stoppedBy) process.stderr.write(`healthdata: ${stoppedBy.message}\n`);
  finished = true;
};
const exitOncePagersQuit = async (code: number): Promise<never> => {
  await pagers.gone();
  sayStopped();
  process.exit(code);
};
const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
  const code = signal === 'SIGINT' ? 130 : 143;
  // A second signal means "now": the first one's clean-up is taking too long, or the person
  // does not want to read on. less ignores SIGINT, so it is ended for them.
  if (stoppedBy) {
    pagers.stop(GRACE_MS);
    void exitOncePagersQuit(code);
    return;
  }
  stoppedBy = new SignalError(signal);
  controller.abort(stoppedBy);
  // Ctrl-C comes from the person reading: the pager shows what it has until they press q.
  // SIGTERM comes from a program (timeout, a service manager) that wants us gone, pager too.
  if (signal === 'SIGTERM') pagers.stop(GRACE_MS);
  giveUpAfterGrace(code);
};
// Clean-up (removing a temp file) takes milliseconds; anything still holding the process after
// a second (a write to a reader that never reads) is given up on. A running pager is waited
// for instead (the person is reading); once it quits, the run finishes its clean-up and says
// how it stopped, with the same second as a bound.
const giveUpAfterGrace = (code: number): void => {
  setTimeout(() => {
    if (pagers.running()) void pagers.gone().then(() => giveUpAfterGrace(code));
    else {
      sayStopped();
      process.exit(code);
    }
  }, GRACE_MS).unref();
};
// What makes Ctrl-C stop a command at any point. These handlers are JavaScript: they run only
// when the main thread is back in the event loop, never in the middle of synchronous work (a
// loop that never returns, as asciichart's once was on 0.3 beside 0.30000000000000004, was
// deaf to SIGINT and SIGTERM alike). So the guarantee rests on three things:
// 1. No command does unbounded synchronous work. Data arrives a page at a time (each bounded
//    by the transport's body cap) and is summed up page by page; what is kept is bounded
//    (src/daily/bounds.ts); a chart's scale is bounded arithmetic (src/output/chart/scale.ts)
//    and its size is capped (MAX_POINTS × --height ≤ 100 rows).
// 2. Where a synchronous phase grows with what a server sent (a chart of tens of thousands of
//    lines), it is cut into steps with a return to the event loop between them, and the abort
//    is checked there (src/cli/commands/chart/action.ts, test/e2e/chart-degenerate.test.ts).
// 3. Once a handler has run, every await sees the abort, and GRACE_MS later the process exits
//    whatever is still running; a second signal exits at once.
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
// An EPIPE on stdout is handled where output is written; this keeps a late one from crashing.
process.stdout.on('error', () => undefined);
// Nobody reads stderr any more (`--verbose 2>&1 | head`): stop quietly, there is no one to tell.
process.stderr.on('error', () => controller.abort(new PipeClosedError()));

// Not top-level await: the bundle is CommonJS (bin/load-bundle.cjs compiles it with V8's code
// cache, which Node 20 offers ES modules no way to use).
void main();

async function main(): Promise<void> {
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
    spawnPager: pagers.spawn,
    env: process.env,
    clock: systemClock,
    signal: controller.signal,
    tuneForStreaming,
  });
  finished = true;
  if (stoppedBy) {
    // Clean-up is done. Output a stalled reader never took would hold the process open (stdout
    // cannot be closed from JavaScript), and it is not wanted any more: exit now, with the code
    // the run decided (143 for a stopped export; 0 for a server that a signal stops normally).
    await exitOncePagersQuit(code);
  }
  process.exitCode = code;
  // The run is over. When every byte of output is with the operating system (nothing queued in
  // either stream: writes to files, pipes and terminals are synchronous on Linux) and no pager
  // runs, end now rather than let Node take the loaded process apart in order, which cost a
  // one-request command several ms of wall time (bench/README.md, issue 22). Output still
  // queued (an asynchronous pipe, as on macOS) drains first: then the process ends by itself.
  if (
    !pagers.running() &&
    process.stdout.writableLength === 0 &&
    process.stderr.writableLength === 0
  ) {
    process.exit(code);
  }
}

/**
 * Keeps V8's young generation at its first size during an export. V8 11 (Node 20) doubles it
 * each time as many bytes have survived scavenges as it holds (NewSpace::Grow), and an export
 * keeps little alive but for long: over a million rows the request objects alive at each
 * scavenge added up, and it doubled twice: peak RSS grew with the rows (--trace-gc-nvp; issue
 * 14; `npm run bench -- --only memory`). V8 reads the factor at each Grow(), so it can be set
 * now. Newer V8 grows new space by another rule and clamps this factor at 2: there it is left
 * alone. node:v8 is loaded only here (a startup cost), for the commands that stream.
 *
 * The old generation, too, grows by at most 1.6x its live size between full collections. A
 * page's strings (its text, parsed values) go straight to the old generation when large, and
 * V8 let it grow to several times the live size of a long summary (hundreds of thousands of
 * distinct long text values; --trace-gc); 1.6x keeps the peak near the live size, with no
 * change in an export's time or peak (`npm run bench -- --only memory,summary`). V8 reads the
 * percentage at each limit.
 */
function tuneForStreaming(): void {
  if (!process.versions.v8.startsWith('11.')) return;
  // import(), not createRequire(): in the bundle it becomes the loader's require, which must
  // see every V8 flag set to pick the right code cache (bin/load-bundle.cjs). The flags are
  // set a moment later, before the first page arrives.
  void import('node:v8').then((v8) => {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    v8.setFlagsFromString('--heap-growing-percent=60');
  });
}

function isPipe(fd: number): boolean {
  try {
    return fstatSync(fd).isFIFO();
  } catch {
    return false;
  }
}
