// `healthdata sync` end to end: the real CLI code against sandboxes whose "today" moves
// forward between runs, for each kind of target.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addDays } from '../helpers/sandbox.ts';
import { tempDir } from '../helpers/cli.ts';
import {
  agedMtime,
  dataLines,
  freshExport,
  lineDate,
  ndjsonRows,
  sqliteQuery,
  sqliteRows,
  strays,
  sync,
} from '../helpers/sync.ts';

// Three days in the life of a cron job: a first sync, one two days later, one five days later.
const DAY0 = '2026-11-10';
const DAY1 = '2026-11-12';
const DAY2 = '2026-11-17';
const sandboxes: Partial<Record<string, Sandbox>> = {};
const at = (today: string): Sandbox => {
  const s = sandboxes[today];
  if (!s) throw new Error(`no sandbox for ${today}`);
  return s;
};

beforeAll(async () => {
  for (const today of [DAY0, DAY1, DAY2]) {
    sandboxes[today] = await startSandbox({ today, plan: 'free' });
  }
});
afterAll(async () => {
  for (const s of Object.values(sandboxes)) await s?.close();
});

/**
 * A sync against a sandbox that allows two requests a second, with no retries: a sync of many
 * small pages fails part way. Checks that it did fail after some pages were served.
 */
async function failingSync(today: string, target: string, args: string[] = []): Promise<string> {
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

/** The free plan's floor: the window is 30 days, today included. */
const floorOf = (today: string): string => addDays(today, -29);

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
        `^healthdata: synced ${target}: 30 days re-fetched \\(${floorOf(DAY0)} to ${DAY0}\\), \\d+ rows added, 0 removed, 0 unchanged\\n$`,
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
});

describe('usage', () => {
  it('needs a known extension or --format', async () => {
    const result = await sync(at(DAY0), DAY0, join(tempDir(), 'health.txt'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot tell the format of');
    expect(result.stderr).toContain('--format');
  });

  it('--format names the format of any file name', async () => {
    const target = join(tempDir(), 'health.txt');
    expect((await sync(at(DAY0), DAY0, target, ['--format', 'jsonl'])).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(await freshExport(at(DAY0), DAY0, 'ndjson'));
  });

  it('refuses a file it did not write, and leaves it alone', async () => {
    const target = join(tempDir(), 'notes.csv');
    writeFileSync(target, 'name,value\nx,1\n');
    const result = await sync(at(DAY0), DAY0, target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the target's first line is not the header sync writes");
    expect(readFileSync(target, 'utf8')).toBe('name,value\nx,1\n');
  });

  it('rejects a bad --overlap', async () => {
    const result = await sync(at(DAY0), DAY0, join(tempDir(), 'a.csv'), ['--overlap', 'three']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--overlap');
  });
});

describe('SQLite target', () => {
  const dir = tempDir();
  const db = join(dir, 'health.db');

  it('after a first sync and two later ones, holds the window plus the older days', async () => {
    const first = await sync(at(DAY0), DAY0, db);
    expect(first.code, first.stderr).toBe(0);
    expect(sqliteRows(db)).toEqual(ndjsonRows(await freshExport(at(DAY0), DAY0, 'ndjson')));
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect((await sync(at(DAY1), DAY1, db)).code).toBe(0);
    const third = await sync(at(DAY2), DAY2, db);
    expect(third.code, third.stderr).toBe(0);
    const fresh = ndjsonRows(await freshExport(at(DAY2), DAY2, 'ndjson'));
    const older = ndjsonRows(await freshExport(at(DAY0), DAY0, 'ndjson')).filter(
      (r) => r.date < floorOf(DAY2),
    );
    expect(sqliteRows(db)).toEqual([...fresh, ...older]);
    expect(strays(dir, ['health.db'])).toEqual([]);
  });

  it('a re-run changes nothing and does not touch the file', async () => {
    const bytes = readFileSync(db);
    const mtime = agedMtime(db);
    const again = await sync(at(DAY2), DAY2, db);
    expect(again.stderr).toMatch(/0 rows added, 0 removed, \d+ unchanged; nothing changed/);
    expect(statSync(db).mtimeMs).toBe(mtime);
    expect(readFileSync(db).equals(bytes)).toBe(true);
  });

  it('a failure in the middle leaves the database exactly as it was', async () => {
    const bytes = readFileSync(db);
    await failingSync(addDays(DAY2, 3), db, ['--overlap', '30d']);
    expect(readFileSync(db).equals(bytes)).toBe(true);
    expect(strays(dir, ['health.db'])).toEqual([]);
  });

  it('a failed first sync leaves no database behind', async () => {
    const fresh = tempDir();
    await failingSync(DAY0, join(fresh, 'new.sqlite'));
    expect(strays(fresh, [])).toEqual([]);
  });

  it('records each filter set in sync_state, and keeps other metrics under filters', async () => {
    const filtered = join(tempDir(), 'f.sqlite3');
    expect((await sync(at(DAY0), DAY0, filtered, ['-m', 'steps_total'])).code).toBe(0);
    expect((await sync(at(DAY0), DAY0, filtered, ['-m', 'hrv', '-p', 'WRISTBAND'])).code).toBe(0);
    expect((await sync(at(DAY2), DAY2, filtered, ['-m', 'steps_total'])).code).toBe(0);
    const hrv = ndjsonRows(
      await freshExport(at(DAY0), DAY0, 'ndjson', ['-m', 'hrv', '-p', 'WristBand']),
    );
    expect(sqliteRows(filtered, "metric = 'hrv'")).toEqual(hrv);
    const steps = ndjsonRows(await freshExport(at(DAY2), DAY2, 'ndjson', ['-m', 'steps_total']));
    const olderSteps = ndjsonRows(
      await freshExport(at(DAY0), DAY0, 'ndjson', ['-m', 'steps_total']),
    ).filter((r) => r.date < floorOf(DAY2));
    expect(sqliteRows(filtered, "metric = 'steps_total'")).toEqual([...steps, ...olderSteps]);
    const state = sqliteQuery<Record<string, unknown>>(
      filtered,
      'SELECT * FROM sync_state ORDER BY filters',
    );
    expect(state).toEqual([
      expect.objectContaining({
        filters: '{"metric":["hrv"],"provider":["wristband"]}',
        metric_filter: 'hrv',
        provider_filter: 'WRISTBAND',
        plan: 'free',
        history_window_days: 30,
        history_floor: floorOf(DAY0),
        schema_version: 1,
      }),
      expect.objectContaining({
        filters: '{"metric":["steps_total"],"provider":null}',
        history_floor: floorOf(DAY2),
        refetched_from: addDays(DAY0, -3),
        last_sync_at: expect.stringMatching(/^2026-11-17T\d\d:00:00\.000Z$/),
      }),
    ]);
  });
});

describe('the daily view', () => {
  it('takes <metric>_total where the twin exists, a single row as it is, and never sums rows', async () => {
    const pro = await startSandbox({ today: DAY0, plan: 'pro' });
    const db = join(tempDir(), 'daily.db');
    try {
      expect((await sync(pro, DAY0, db, ['--from', '20d'])).code).toBe(0);
    } finally {
      await pro.close();
    }
    type Daily = {
      date: string;
      metric: string;
      value: number | null;
      text: string | null;
      unit: string | null;
      basis: string;
      rows: number;
      min: number | null;
      max: number | null;
      providers: string;
    };
    const daily = sqliteQuery<Daily>(db, 'SELECT * FROM daily ORDER BY date DESC, metric');
    const rows = sqliteRows(db);
    const on = (date: string, metric: string) =>
      rows.filter((r) => r.date === date && r.metric === metric);
    const days = [...new Set(rows.map((r) => r.date))];
    expect(days.length).toBe(21);
    expect(daily.some((d) => d.metric.endsWith('_total'))).toBe(false);
    let severalSteps = 0;
    for (const date of days) {
      const steps = sqliteQuery<Daily>(
        db,
        `SELECT * FROM daily WHERE metric = 'steps' AND date = '${date}'`,
      );
      const total = on(date, 'steps_total');
      expect(total).toHaveLength(1);
      expect(steps).toEqual([
        expect.objectContaining({
          value: total[0]?.numValue,
          basis: 'total',
          unit: 'count',
          rows: 1,
        }),
      ]);
      const perSource = on(date, 'steps');
      if (perSource.length > 1) {
        severalSteps++;
        const sum = perSource.reduce((acc, r) => acc + (r.numValue ?? 0), 0);
        expect(steps[0]?.value).not.toBe(sum);
      }
      const resting = on(date, 'resting_heart_rate');
      const restingDaily = daily.filter(
        (d) => d.date === date && d.metric === 'resting_heart_rate',
      );
      expect(restingDaily).toEqual(
        resting.length === 1
          ? [expect.objectContaining({ value: resting[0]?.numValue, basis: 'single', rows: 1 })]
          : [],
      );
      const hrv = on(date, 'hrv');
      const hrvDaily = daily.find((d) => d.date === date && d.metric === 'hrv');
      if (hrv.length > 1) {
        const values = hrv.map((r) => r.numValue as number);
        expect(hrvDaily).toEqual(
          expect.objectContaining({
            value: null,
            basis: 'several',
            rows: hrv.length,
            min: Math.min(...values),
            max: Math.max(...values),
          }),
        );
      }
      const quality = on(date, 'sleep_quality');
      if (quality.length === 1) {
        expect(daily.find((d) => d.date === date && d.metric === 'sleep_quality')).toEqual(
          expect.objectContaining({ value: null, text: quality[0]?.textValue, basis: 'single' }),
        );
      }
    }
    // The data has days with several per-app rows, so "never summed" was really checked.
    expect(severalSteps).toBeGreaterThan(5);
    // One row per metric and day.
    const keys = daily.map((d) => `${d.date} ${d.metric}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('bad targets fail before any request', () => {
  it.each([
    ['a directory', () => tempDir(), /is a directory — give a file name/],
    [
      'a missing directory',
      () => join(tempDir(), 'no', 'such', 'health.csv'),
      /cannot write in .* \(ENOENT\) — check the directory exists/,
    ],
  ])('%s', async (_what, path, message) => {
    const s = at(DAY0);
    const mark = s.requests.length;
    const target = path();
    const result = await sync(s, DAY0, target, ['--format', 'csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(s.requests.length).toBe(mark);
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
