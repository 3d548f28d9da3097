// `healthdata sync` end to end into SQLite, checked through the real sqlite3 shell (the
// daily view: sync-sqlite-daily.test.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../helpers/sandbox.ts';
import { tempDir } from '../helpers/cli.ts';
import {
  agedMtime,
  DAY0,
  DAY1,
  DAY2,
  failingSync,
  floorOf,
  freshExport,
  ndjsonRows,
  sqliteQuery,
  sqliteRows,
  strays,
  sync,
  useDaySandboxes,
} from '../helpers/sync.ts';

const at = useDaySandboxes();

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

  it('a row dated in the future does not hold the next sync back, and is replaced', async () => {
    const poisoned = join(tempDir(), 'p.db');
    expect((await sync(at(DAY0), DAY0, poisoned)).code).toBe(0);
    // A device with a wrong clock: without a bound, the next sync would start at 2098-12-29.
    execFileSync('/usr/bin/sqlite3', [
      poisoned,
      "INSERT INTO metrics (date, provider, metric, numValue, stream) VALUES ('2099-01-01', 'X', 'steps', 1, 0)",
    ]);
    const next = await sync(at(DAY1), DAY1, poisoned, ['--verbose']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(`newest day held for these filters: ${DAY0}`);
    const fresh = ndjsonRows(await freshExport(at(DAY1), DAY1, 'ndjson'));
    const older = ndjsonRows(await freshExport(at(DAY0), DAY0, 'ndjson')).filter(
      (r) => r.date < floorOf(DAY1),
    );
    expect(sqliteRows(poisoned)).toEqual([...fresh, ...older]);
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
        schema_version: 4,
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
