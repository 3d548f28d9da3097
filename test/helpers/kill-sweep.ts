// Kill points for crash-safety tests: a sync is run once under strace to list every syscall
// that changes a file in the target's directory (a write, an fsync, a rename, an unlink…),
// then run again once per point with strace injecting SIGKILL at exactly that invocation.
// strace counts invocations per syscall and per thread, so a point is "the Nth pwrite64 of a
// thread"; another thread's Nth call of that syscall may come first, which is still a kill
// point, just an earlier one. The dry run and the kill runs see the same server and target,
// so the sequence repeats closely.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BIN, ROOT } from './spawn.ts';
import { TODAY_ENV } from './today.ts';

/** Syscalls that change files; `?` skips one this architecture does not have. */
const MUTATING = [
  'write',
  'pwrite64',
  'writev',
  'pwritev',
  '?pwritev2',
  'fsync',
  'fdatasync',
  'ftruncate',
  '?rename',
  '?renameat',
  '?renameat2',
  '?unlink',
  'unlinkat',
  '?link',
  'linkat',
  '?rmdir',
  '?mkdir',
  'mkdirat',
].join(',');

export interface KillPoint {
  syscall: string;
  /** The invocation, counted per thread as strace counts it. */
  nth: number;
  /** The strace line of the dry run, for a failure message. */
  line: string;
  /** The syscall and the file it touches, its random part (pid, hex) made `#`. */
  phase: string;
}

export interface Traced {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the CLI under strace, logging to `log`, optionally killing it at `point`. */
export function traceCli(
  args: string[],
  env: Record<string, string>,
  log: string,
  point?: KillPoint,
): Promise<Traced> {
  const inject = point ? ['-e', `inject=${point.syscall}:signal=KILL:when=${point.nth}`] : [];
  const strace = ['-f', '-y', '-qq', '-o', log, '-e', `trace=${MUTATING}`, ...inject];
  return new Promise((resolve, reject) => {
    const child = spawn('strace', [...strace, process.execPath, BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'], ...TODAY_ENV, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** The kill points of a dry run's log: each mutating syscall that touched `dir`. */
export function killPoints(log: string, dir: string): KillPoint[] {
  const counts = new Map<string, number>();
  const points: KillPoint[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const match = /^(\d+)\s+(\w+)\(/.exec(line);
    if (!match) continue;
    const [, tid, syscall] = match as unknown as [string, string, string];
    const key = `${tid} ${syscall}`;
    const nth = (counts.get(key) ?? 0) + 1;
    counts.set(key, nth);
    // Only calls that succeeded change anything; a failed unlink of a file that is not there
    // is no point to stop at.
    if (line.includes(dir) && !/= -1 E/.test(line)) {
      points.push({ syscall, nth, line, phase: `${syscall} ${fileIn(line, dir)}` });
    }
  }
  const seen = new Set<string>();
  return points.filter((p) => {
    const key = `${p.syscall} ${p.nth}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first path of a line (`fd</path>` or `"/path"`) in `dir`, by its name, `#` for pid/hex. */
function fileIn(line: string, dir: string): string {
  const path = [...line.matchAll(/[<"]([^<>"]*)[>"]/g)].find((m) => m[1]?.includes(dir))?.[1];
  return basename(path ?? '').replace(/[0-9a-f]{6,}|\d+/g, '#');
}

/**
 * The first point of every phase (a run of one syscall on one file: the temp file's writes,
 * its fsync, the rename, a journal's writes…), so each kind of moment is met, plus `max`
 * points spread evenly through the whole run, the last one always among them.
 */
export function spread(points: readonly KillPoint[], max: number): KillPoint[] {
  const picked = new Set<number>();
  points.forEach((p, i) => {
    if (i === 0 || p.phase !== points[i - 1]?.phase) picked.add(i);
  });
  const step = Math.max(1, (points.length - 1) / Math.max(1, max - 1));
  for (let at = points.length - 1; at >= 0; at -= step) {
    picked.add(Math.round(at));
  }
  return [...picked].sort((a, b) => a - b).map((i) => points[i] as KillPoint);
}

export const killed = (run: Traced): boolean => run.signal === 'SIGKILL' || run.code === 137;

export const logIn = (dir: string, name: string): string => join(dir, `${name}.strace`);

/** strace does the killing; CI installs it (.ci/run). */
export const haveStrace = ((): boolean => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs `work` over `items`, `width` at a time. */
export async function pool<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: width }, worker));
}
