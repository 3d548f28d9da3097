// Like runTimed() in proc.mjs, with the CPU time too: on two cores shared with the sandbox
// (and, on the development machine, with other people's jobs) wall time says how long a user
// waits, CPU time what the command itself costs.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from './proc.mjs';

/** Runs under GNU time: wallMs, cpuMs (user + system of the command) and rssKiB (its peak). */
export async function runCpuTimed(tmpDir, cmd, args, opts) {
  const file = join(tmpDir, `cpu-${process.hrtime.bigint()}.txt`);
  const r = await run('/usr/bin/time', ['-o', file, '-f', '%U %S %M', cmd, ...args], opts);
  let cpuMs = NaN;
  let rssKiB = NaN;
  try {
    // GNU time prefixes "Command exited with non-zero status N"; the figures are the last line.
    const last = (await readFile(file, 'utf8')).trim().split('\n').at(-1) ?? '';
    const [user, sys, rss] = last.split(' ').map(Number);
    cpuMs = ((user ?? NaN) + (sys ?? NaN)) * 1000;
    rssKiB = rss ?? NaN;
  } catch {
    // No figures: the command could not be started; the caller's check() says why.
  } finally {
    await rm(file, { force: true });
  }
  return { ...r, cpuMs, rssKiB };
}
