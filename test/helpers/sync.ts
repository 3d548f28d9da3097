// Helpers for `healthdata sync` tests: runs against sandboxes whose "today" moves forward, and
// the expected content of a target (a fresh export over the current window + older days).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { MetricRow } from '../../src/api/types.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli, type CliResult } from './cli.ts';

export function connection(s: Sandbox): string[] {
  return ['--base-url', s.url, '--api-key', s.apiKey];
}

export function sync(
  s: Sandbox,
  today: string,
  target: string,
  args: string[] = [],
): Promise<CliResult> {
  return runCli(['sync', target, ...connection(s), ...args], { clock: fixedClock(today) });
}

/** What `metrics -f <format>` writes for the sandbox's whole window. */
export async function freshExport(
  s: Sandbox,
  today: string,
  format: 'csv' | 'tsv' | 'ndjson',
  args: string[] = [],
): Promise<string> {
  const result = await runCli(['metrics', ...connection(s), '-f', format, ...args], {
    clock: fixedClock(today),
  });
  if (result.code !== 0) throw new Error(`metrics failed: ${result.stderr}`);
  return result.stdout;
}

/** Lines of an export without its header (sandbox data has no newline inside a field). */
export function dataLines(text: string, header: boolean): string[] {
  const lines = text.split('\n').filter((l) => l !== '');
  return header ? lines.slice(1) : lines;
}

export const lineDate = (line: string): string =>
  line.startsWith('{') ? (JSON.parse(line) as MetricRow).date : line.slice(0, 10);

/** The rows of a SQLite target as the sqlite3 shell sees them, in stored order. */
export function sqliteRows(db: string, where = '1'): MetricRow[] {
  const out = execFileSync('/usr/bin/sqlite3', [
    '-json',
    db,
    `SELECT date, provider, metric, numValue, textValue, unit, stream FROM metrics WHERE ${where} ORDER BY date DESC, rowid`,
  ]).toString('utf8');
  const rows = (out.trim() === '' ? [] : JSON.parse(out)) as (Omit<MetricRow, 'stream'> & {
    stream: number;
  })[];
  return rows.map((r) => ({ ...r, stream: r.stream === 1 }));
}

export function sqliteQuery<T>(db: string, sql: string): T[] {
  const out = execFileSync('/usr/bin/sqlite3', ['-json', db, sql]).toString('utf8');
  return (out.trim() === '' ? [] : JSON.parse(out)) as T[];
}

/** Rows from ndjson text. */
export function ndjsonRows(text: string): MetricRow[] {
  return dataLines(text, false).map((l) => JSON.parse(l) as MetricRow);
}

/** Sets a file's mtime into the past, so that "not rewritten" can be checked exactly. */
export function agedMtime(path: string): number {
  const past = new Date('2020-01-01T00:00:00Z');
  utimesSync(path, past, past);
  return statSync(path).mtimeMs;
}

/**
 * Files of a directory other than the given ones (temp files, anything left behind). A sync's
 * lock file (`.<name>.sync-lock`, empty) is not one: it stays beside its target by design
 * (src/sync/lock.ts says why).
 */
export function strays(dir: string, expected: readonly string[]): string[] {
  const lockFile = (name: string): boolean =>
    /^\..+\.sync-lock$/.test(name) && statSync(join(dir, name)).size === 0;
  return readdirSync(dir).filter((name) => !expected.includes(name) && !lockFile(name));
}

// Three days in the life of a cron job: a first sync, one two days later, one five days later.
export const DAY0 = '2026-11-10';
export const DAY1 = '2026-11-12';
export const DAY2 = '2026-11-17';

/** A free-plan sandbox for each of DAY0, DAY1 and DAY2, per test file. */
export function useDaySandboxes(): (today: string) => Sandbox {
  const sandboxes: Partial<Record<string, Sandbox>> = {};
  beforeAll(async () => {
    for (const today of [DAY0, DAY1, DAY2]) {
      sandboxes[today] = await startSandbox({ today, plan: 'free' });
    }
  });
  afterAll(async () => {
    for (const s of Object.values(sandboxes)) await s?.close();
  });
  return (today) => {
    const s = sandboxes[today];
    if (!s) throw new Error(`no sandbox for ${today}`);
    return s;
  };
}

/** The free plan's floor: the window is 30 days, today included. */
export const floorOf = (today: string): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);

/**
 * A sync against a sandbox that allows two requests a second, with no retries: a sync of many
 * small pages fails part way. Checks that it did fail after some pages were served.
 */
export async function failingSync(
  today: string,
  target: string,
  args: string[] = [],
): Promise<string> {
  const flaky = await startSandbox({ today, plan: 'free', rateLimit: 2 });
  try {
    const failed = await sync(flaky, today, target, [
      '--page-size',
      '20',
      '--retries',
      '0',
      ...args,
    ]);
    expect(failed.code).toBe(1);
    expect(flaky.requests.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    return failed.stderr;
  } finally {
    await flaky.close();
  }
}
