// A sync killed at any instant never costs history. For each target format, a sync is killed
// (SIGKILL, injected by strace) at every file-changing syscall it makes in the target's
// directory, one kill per run; the next, uninterrupted sync must then leave exactly the target
// an uninterrupted pair of syncs leaves, with every day that has left the plan window kept.
// Nothing reads the target between the kill and the next sync (reading a SQLite file with
// another tool would recover it for us). A flat file, being replaced by rename, must be the
// old or the new file at every kill point.
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import {
  haveStrace,
  killed,
  killPoints,
  pool,
  spread,
  traceCli,
  type KillPoint,
} from '../helpers/kill-sweep.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { sqliteQuery, sqliteRows } from '../helpers/sync.ts';

// The first sync on DAY_A; the next on DAY_B, when the free plan's 30-day window has moved on
// by five days: those five days exist only in the target.
const DAY_A = '2026-11-10';
const DAY_B = '2026-11-15';
// Points spread through each sweep in the default run (CI), besides the first point of every
// phase (helpers/kill-sweep.ts: spread): a flat file's thirty-odd writes to its temp file are
// one phase, each leaving the same kind of state, so twelve of them stand for all; SQLite's
// journal and fsync phases are each met anyway. HEALTHDATA_KILL_SWEEP_MAX=0 sweeps every point.
const MAX = Number(process.env['HEALTHDATA_KILL_SWEEP_MAX'] ?? 12) || Infinity;
const MAX_FIRST = Number.isFinite(MAX) ? Math.min(MAX, 8) : MAX;

// strace does the killing. CI installs it (.ci/run); elsewhere, without it, the sweep is
// skipped with a word rather than failing on a missing tool.
if (!haveStrace && process.env['CI'] === undefined) {
  console.warn('sync-crash: strace is not installed (apt-get install strace): kill sweep skipped');
}

const sandboxes: Partial<Record<string, Sandbox>> = {};
beforeAll(async () => {
  for (const today of [DAY_A, DAY_B]) {
    sandboxes[today] = await startSandbox({ today, plan: 'free' });
  }
});
afterAll(async () => {
  for (const s of Object.values(sandboxes)) await s?.close();
});

function envOf(today: string): Record<string, string> {
  const s = sandboxes[today] as Sandbox;
  return { HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey, HOME: tempDir() };
}

async function syncOk(target: string, today: string): Promise<void> {
  const run = await spawnCli(['sync', target], { env: envOf(today) });
  expect(run.stderr, `sync of ${target}`).toMatch(/^healthdata: synced /m);
  expect(run.code).toBe(0);
}

/**
 * What a target holds, read by the sqlite3 shell for a database (its schema too: a first sync
 * builds the indexes last, so a resumed one must still have all three), as bytes for a file.
 */
function contentOf(target: string): string {
  if (!target.endsWith('.db')) return readFileSync(target, 'utf8');
  expect(sqliteQuery(target, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  const schema = sqliteQuery<{ type: string; name: string }>(
    target,
    'SELECT type, name, sql FROM sqlite_schema ORDER BY name',
  );
  expect(schema.filter((s) => s.type === 'index' && s.name.startsWith('metrics_'))).toHaveLength(3);
  return JSON.stringify([schema, sqliteRows(target)]);
}

/** Files beside the target other than it and its (permanent, empty) lock file. */
function strays(dir: string, name: string): string[] {
  return readdirSync(dir).filter((n) => n !== name && !n.endsWith('.sync-lock'));
}

interface Sweep {
  swept: number;
  killed: number;
}

/**
 * Kills a sync of `name` (started from `base`, or from nothing) at each point, then checks
 * that the next sync recovers to `expected`.
 */
async function sweep(name: string, base: string | undefined, max: number): Promise<Sweep> {
  const expectedDir = tempDir();
  const expectedPath = join(expectedDir, name);
  if (base !== undefined) copyFileSync(base, expectedPath);
  await syncOk(expectedPath, DAY_B);
  const expected = contentOf(expectedPath);
  const before = base === undefined ? undefined : readFileSync(base, 'utf8');

  const logs = tempDir();
  const dryDir = tempDir();
  if (base !== undefined) copyFileSync(base, join(dryDir, name));
  const dry = await traceCli(['sync', join(dryDir, name)], envOf(DAY_B), join(logs, 'dry'));
  expect(dry.code, dry.stderr).toBe(0);
  const points = spread(killPoints(join(logs, 'dry'), dryDir), max);
  expect(points.length).toBeGreaterThan(2);

  let kills = 0;
  await pool(points, 2, async (point: KillPoint) => {
    const dir = tempDir();
    const target = join(dir, name);
    if (base !== undefined) copyFileSync(base, target);
    const log = join(logs, `${point.syscall}-${point.nth}`);
    const run = await traceCli(['sync', target], envOf(DAY_B), log, point);
    const where = `killed at ${point.syscall} #${point.nth} (${point.line.slice(0, 120)})`;
    if (killed(run)) kills++;
    else expect(run.code, `${where}: ${run.stderr}`).toBe(0);
    if (!name.endsWith('.db')) {
      // A flat file is replaced by rename: the old file or the new one, never a mix.
      const now = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
      expect([before, expected], where).toContain(now);
    }
    await syncOk(target, DAY_B);
    expect(contentOf(target), where).toBe(expected);
    expect(strays(dir, name), where).toEqual([]);
  });
  // The points were found in a dry run; nearly all of them must be reached again.
  expect(kills).toBeGreaterThanOrEqual(Math.ceil(points.length * 0.8));
  return { swept: points.length, killed: kills };
}

describe
  .skipIf(!haveStrace && process.env['CI'] === undefined)
  .each(['health.csv', 'health.ndjson', 'health.db'])('kill sweep: %s', (name) => {
  it('a sync that adds days and keeps days that left the window, killed at every write', async () => {
    const dir = tempDir();
    const base = join(dir, name);
    await syncOk(base, DAY_A);
    const result = await sweep(name, base, MAX);
    console.log(`kill sweep ${name}, next-day sync: ${result.killed}/${result.swept} killed`);
  }, 300_000);

  it('a first sync into no file, killed at every write', async () => {
    const result = await sweep(name, undefined, MAX_FIRST);
    console.log(`kill sweep ${name}, first sync: ${result.killed}/${result.swept} killed`);
  }, 300_000);
});
