// Every child runs in its own process group so that a stop (error, Ctrl-C, the bench's own
// exit) can end it together with whatever it started: GNU time ignores SIGINT, and curl/jq
// run under bash.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Children still running, with the signal that stops each. @type {Map<import('node:child_process').ChildProcess, NodeJS.Signals>} */
const live = new Map();

export function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// Last resort on any exit path: the sandbox gets its polite SIGINT (it stops on its own after
// we are gone), everything else is killed.
process.on('exit', () => {
  for (const [child, stopSignal] of live) killGroup(child, stopSignal);
});

/**
 * @typedef {object} StartOptions
 * @property {NodeJS.ProcessEnv} [env]
 * @property {boolean} [captureStdout]
 * @property {string} [stdoutFile] stdout goes to this file, like `> file` in a shell.
 * @property {import('node:child_process').IOType | number} [stdin]
 * @property {NodeJS.Signals} [stopSignal]
 * @property {number} [timeoutMs] run() only: kill the process group after this long.
 */

/**
 * Starts a child and keeps it registered until it exits. stdout is captured only on request,
 * or redirected to `stdoutFile` (bulk output goes to files or /dev/null); stderr is always
 * kept, trimmed, for error messages.
 */
/** @param {string} cmd @param {string[]} args @param {StartOptions} [opts] */
export function start(cmd, args, opts = {}) {
  const { env, captureStdout = false, stdoutFile, stdin = 'ignore', stopSignal = 'SIGKILL' } = opts;
  const fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
  let child;
  try {
    child = spawn(cmd, args, {
      env,
      detached: true,
      stdio: [stdin, fd ?? (captureStdout ? 'pipe' : 'ignore'), 'pipe'],
    });
  } finally {
    // The child has its own copy of the descriptor.
    if (fd !== undefined) closeSync(fd);
  }
  live.set(child, stopSignal);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (s) => (stdout += s));
  child.stderr?.setEncoding('utf8').on('data', (s) => (stderr = (stderr + s).slice(-20000)));
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done, output: () => ({ stdout, stderr }) };
}

/** Runs to completion; the wall time spans spawn() to the exit of the whole process tree. */
/** @param {string} cmd @param {string[]} args @param {StartOptions} [options] */
export async function run(cmd, args, { timeoutMs = 15 * 60_000, ...opts } = {}) {
  const t0 = performance.now();
  const { child, done } = start(cmd, args, opts);
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
  try {
    const result = await done;
    return { ...result, wallMs: performance.now() - t0, timedOut: result.signal === 'SIGKILL' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Like run(), under GNU time for the peak RSS (KiB) of the command (largest process) and its
 * CPU time (user + system, ms): on a shared machine, CPU time drifts less than wall time.
 */
export async function runTimed(tmpDir, cmd, args, opts) {
  const rssFile = join(tmpDir, `rss-${process.hrtime.bigint()}.txt`);
  const cpuFile = `${rssFile}.cpu`;
  const timed = ['-o', cpuFile, '-f', '%U %S', '/usr/bin/time', '-o', rssFile, '-f', '%M'];
  const r = await run('/usr/bin/time', [...timed, cmd, ...args], opts);
  return { ...r, rssKiB: await readRss(rssFile), cpuMs: await readCpu(cpuFile) };
}

/** User + system seconds as GNU time wrote them, in ms (NaN when unreadable). */
async function readCpu(file) {
  try {
    const last = (await readFile(file, 'utf8')).trim().split('\n').at(-1) ?? '';
    const [user, system] = last.split(' ').map(Number);
    return ((user ?? NaN) + (system ?? NaN)) * 1000;
  } catch {
    return NaN;
  } finally {
    await rm(file, { force: true });
  }
}

/** GNU time prefixes "Command exited with non-zero status N"; the figure is the last line. */
export async function readRss(file) {
  try {
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    return Number(lines.at(-1));
  } catch {
    return NaN;
  } finally {
    await rm(file, { force: true });
  }
}

export function check(result, what) {
  if (result.code === 0) return result;
  const why = result.timedOut ? 'timed out' : `exit ${result.code ?? result.signal}`;
  throw new Error(
    `${what} failed (${why}):\n${result.stderr.trim().split('\n').slice(-5).join('\n')}`,
  );
}
