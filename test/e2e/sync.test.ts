// `healthdata sync` end to end into flat files: the real CLI code against sandboxes whose
// "today" moves forward between runs.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { addDays } from '../helpers/sandbox.ts';
import { tempDir } from '../helpers/cli.ts';
import {
  agedMtime,
  dataLines,
  DAY0,
  DAY1,
  DAY2,
  failingSync,
  floorOf,
  freshExport,
  lineDate,
  ndjsonRows,
  strays,
  sync,
  useDaySandboxes,
} from '../helpers/sync.ts';

const at = useDaySandboxes();

describe.each([
  ['csv', 'health.csv', true],
  ['tsv', 'health.tsv', true],
  ['ndjson', 'health.ndjson', false],
  ['ndjson', 'health.jsonl', false],
] as const)('%s target (%s)', (format, name, header) => {
  const dir = tempDir();
  const target = join(dir, name);

  it('after a first sync and two later ones, is a fresh export of the window plus the older days', async () => {
    const first = await sync(at(DAY0), DAY0, target);
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(await freshExport(at(DAY0), DAY0, format));
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(
      new RegExp(
        `^healthdata: synced ${target}: 30 days fetched \\(${floorOf(DAY0)} to ${DAY0}\\), \\d+ rows added, 0 removed, 0 unchanged\\n$`,
      ),
    );

    expect((await sync(at(DAY1), DAY1, target)).code).toBe(0);
    const third = await sync(at(DAY2), DAY2, target);
    expect(third.code, third.stderr).toBe(0);
    // Re-fetched from DAY1 minus the 3-day overlap: the days DAY1-3 .. DAY2.
    expect(third.stderr).toContain(`9 days re-fetched (${addDays(DAY1, -3)} to ${DAY2})`);

    const fresh = await freshExport(at(DAY2), DAY2, format);
    const older = dataLines(await freshExport(at(DAY0), DAY0, format), header).filter(
      (line) => lineDate(line) < floorOf(DAY2),
    );
    expect(older.length).toBeGreaterThan(100);
    expect(readFileSync(target, 'utf8')).toBe(fresh + older.map((l) => `${l}\n`).join(''));
    expect(strays(dir, [name])).toEqual([]);
  });

  it('a re-run changes nothing and does not rewrite the file', async () => {
    const before = readFileSync(target, 'utf8');
    const mtime = agedMtime(target);
    const again = await sync(at(DAY2), DAY2, target);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(
      /, 0 rows added, 0 removed, \d+ unchanged; nothing changed, file not rewritten\n$/,
    );
    expect(statSync(target).mtimeMs).toBe(mtime);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it('--quiet prints nothing', async () => {
    const quiet = await sync(at(DAY2), DAY2, target, ['--quiet']);
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('a failure in the middle', () => {
  it.each([
    ['csv', 'health.csv'],
    ['ndjson', 'health.ndjson'],
  ])(
    'leaves a %s target exactly as it was, exits 1, and leaves no file behind',
    async (_f, name) => {
      const dir = tempDir();
      const target = join(dir, name);
      expect((await sync(at(DAY0), DAY0, target)).code).toBe(0);
      const before = readFileSync(target, 'utf8');
      const mtime = agedMtime(target);
      const stderr = await failingSync(DAY2, target, ['--overlap', '30d']);
      expect(stderr).toMatch(/^healthdata: error: the API is rate limiting requests \(429\)/);
      expect(readFileSync(target, 'utf8')).toBe(before);
      expect(statSync(target).mtimeMs).toBe(mtime);
      expect(strays(dir, [name])).toEqual([]);
    },
  );
});

describe('filters', () => {
  it('replace only the rows they cover; a file of several syncs equals one export of their union', async () => {
    const dir = tempDir();
    const target = join(dir, 'two.csv');
    expect((await sync(at(DAY0), DAY0, target, ['-m', 'steps_total'])).code).toBe(0);
    expect((await sync(at(DAY0), DAY0, target, ['-m', 'resting_heart_rate,hrv'])).code).toBe(0);
    const union = ['-m', 'steps_total,resting_heart_rate,hrv'];
    expect(readFileSync(target, 'utf8')).toBe(await freshExport(at(DAY0), DAY0, 'csv', union));

    // Only steps_total moves forward; the other metrics' rows stay exactly as they were.
    const moved = await sync(at(DAY2), DAY2, target, ['-m', 'steps_total']);
    expect(moved.code, moved.stderr).toBe(0);
    const lines = dataLines(readFileSync(target, 'utf8'), true);
    const of = (metric: string, text: string[]) => text.filter((l) => l.split(',')[2] === metric);
    const day0 = dataLines(await freshExport(at(DAY0), DAY0, 'csv', union), true);
    expect(of('hrv', lines)).toEqual(of('hrv', day0));
    expect(of('resting_heart_rate', lines)).toEqual(of('resting_heart_rate', day0));
    const steps = dataLines(await freshExport(at(DAY2), DAY2, 'csv', ['-m', 'steps_total']), true);
    const olderSteps = of('steps_total', day0).filter((l) => lineDate(l) < floorOf(DAY2));
    expect(of('steps_total', lines)).toEqual([...steps, ...olderSteps]);
    expect(new Set(lines.map((l) => l.split(',')[2]))).toEqual(
      new Set(['steps_total', 'resting_heart_rate', 'hrv']),
    );
  });

  it('providers match case-insensitively and keep to their provider', async () => {
    const dir = tempDir();
    const target = join(dir, 'p.ndjson');
    expect((await sync(at(DAY0), DAY0, target, ['-p', 'wristband'])).code).toBe(0);
    const rows = ndjsonRows(readFileSync(target, 'utf8'));
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(['WristBand']));
    expect(readFileSync(target, 'utf8')).toBe(
      await freshExport(at(DAY0), DAY0, 'ndjson', ['-p', 'WristBand']),
    );
  });

  it('a misspelt metric fails before anything is written, naming the nearest one', async () => {
    const dir = tempDir();
    const target = join(dir, 'typo.csv');
    const result = await sync(at(DAY0), DAY0, target, ['-m', 'stpes_total', '-q']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "healthdata: error: no metric named 'stpes_total' in your catalog — did you mean 'steps_total'?\n",
    );
    expect(strays(dir, [])).toEqual([]);
  });
});

describe('a sync after a long pause', () => {
  it('keeps the days between the re-fetch start and the floor, and names the days lost', async () => {
    const later = addDays(DAY0, 31);
    const pause = await startSandbox({ today: later, plan: 'free' });
    try {
      const dir = tempDir();
      const target = join(dir, 'paused.ndjson');
      expect((await sync(at(DAY0), DAY0, target)).code).toBe(0);
      const result = await sync(pause, later, target);
      expect(result.code, result.stderr).toBe(0);
      // The newest day held was DAY0; the floor is now DAY0 + 2, so DAY0 + 1 is out of reach.
      expect(result.stderr).toContain(
        `warning: ${addDays(DAY0, 1)} left the plan's history window before this sync and cannot be fetched any more`,
      );
      const older = dataLines(await freshExport(at(DAY0), DAY0, 'ndjson'), false).filter(
        (line) => lineDate(line) < floorOf(later),
      );
      // DAY0 - 3 .. DAY0 were to be re-fetched, but lie below the floor: kept as they were.
      expect(older.some((line) => lineDate(line) === addDays(DAY0, -3))).toBe(true);
      expect(readFileSync(target, 'utf8')).toBe(
        (await freshExport(pause, later, 'ndjson')) + older.map((l) => `${l}\n`).join(''),
      );
    } finally {
      await pause.close();
    }
  });
});
