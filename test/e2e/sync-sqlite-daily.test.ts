// The SQLite target's `daily` view, checked through the real sqlite3 shell: one row per
// metric, provider and day, with the daily-value rule of `summary`; and the upgrade of a
// database an older healthdata created.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { dailyRows, summarize, type DailyRow } from '../../src/daily/index.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { connection, DAY0, sqliteQuery, sqliteRows, sync } from '../helpers/sync.ts';

interface Daily {
  date: string;
  metric: string;
  provider: string;
  value: number | null;
  text: string | null;
  unit: string | null;
  basis: string;
  rows: number;
  min: number | null;
  max: number | null;
  mean: number | null;
}

const key = (d: { date: string; metric: string; provider: string }): string =>
  `${d.date} ${d.metric} ${d.provider}`;

/** The daily rows of src/daily's rule (rule.ts), from the stored rows, keyed by day. */
async function expectedDaily(rows: readonly MetricRow[]): Promise<Map<string, DailyRow>> {
  return new Map(dailyRows(await summarize([rows])).map((d) => [key(d), d]));
}

describe('the daily view', () => {
  const dir = tempDir();
  const db = join(dir, 'daily.db');
  let daily: Daily[];
  let rows: MetricRow[];

  beforeAll(async () => {
    const pro = await startSandbox({ today: DAY0, plan: 'pro' });
    try {
      const result = await sync(pro, DAY0, db, ['--from', '20d']);
      expect(result.code, result.stderr).toBe(0);
      const summary = await runCli(['summary', ...connection(pro), '--from', '20d', '-f', 'json'], {
        clock: fixedClock(DAY0),
      });
      expect(summary.code, summary.stderr).toBe(0);
      summaryLines = (JSON.parse(summary.stdout) as { data: SummaryLine[] }).data;
    } finally {
      await pro.close();
    }
    daily = sqliteQuery<Daily>(db, 'SELECT * FROM daily ORDER BY date DESC, metric, provider');
    rows = sqliteRows(db);
  });
  interface SummaryLine {
    metric: string;
    provider: string;
    rule: string;
    daily: { date: string; value?: number; rows?: number }[];
  }
  let summaryLines: SummaryLine[];

  it('has one row per metric, provider and day, by the rule of src/daily', async () => {
    const expected = await expectedDaily(rows);
    expect(daily.map(key).sort()).toEqual([...expected.keys()].sort());
    for (const d of daily) {
      const want = expected.get(key(d)) as DailyRow;
      const texts = (t: string | null) =>
        t === null ? null : t.startsWith('[') ? (JSON.parse(t) as string[]).sort() : [t];
      expect({ ...d, text: texts(d.text) }, key(d)).toEqual(
        expect.objectContaining({
          ...want,
          text: texts(want.text),
          value: want.value === null ? null : expect.closeTo(want.value, 9),
          mean: want.value === null ? null : expect.closeTo(want.value, 9),
        }),
      );
    }
    expect(daily.some((d) => d.metric.endsWith('_total'))).toBe(false);
    // Every case of the rule is in the data, so each was really checked.
    for (const basis of ['total', 'single', 'several']) {
      expect(daily.some((d) => d.basis === basis)).toBe(true);
    }
    expect(daily.some((d) => d.basis === 'several' && d.text !== null)).toBe(true);
  });

  it('never mixes providers: steps and hrv from two devices are two rows a day', () => {
    const on = (metric: string, date: string) =>
      daily.filter((d) => d.metric === metric && d.date === date).map((d) => d.provider);
    const stepsTotal = rows.filter((r) => r.metric === 'steps_total');
    expect(stepsTotal.length).toBeGreaterThan(10);
    for (const t of stepsTotal) {
      const [phone, band] = [t.provider, 'WristBand'];
      expect(on('steps', t.date)).toEqual([phone, band].sort());
      const bandRow = rows.find(
        (r) => r.date === t.date && r.metric === 'steps' && r.provider === band,
      );
      expect(daily.find((d) => key(d) === `${t.date} steps ${band}`)).toEqual(
        expect.objectContaining({ value: bandRow?.numValue, basis: 'single', rows: 1 }),
      );
      expect(daily.find((d) => key(d) === `${t.date} steps ${phone}`)).toEqual(
        expect.objectContaining({ value: t.numValue, basis: 'total', rows: 1 }),
      );
    }
    const hrvBoth = daily.filter((d) => d.metric === 'hrv' && on('hrv', d.date).length === 2);
    expect(hrvBoth.length).toBeGreaterThan(10);
    for (const d of hrvBoth) expect(d).toEqual(expect.objectContaining({ basis: 'single' }));
  });

  it('a stream of samples is several rows, never summed; its value is the mean, as in summary', () => {
    const hr = daily.filter((d) => d.metric === 'heart_rate');
    expect(hr.length).toBeGreaterThan(10);
    for (const d of hr) {
      const samples = rows
        .filter((r) => r.date === d.date && r.metric === 'heart_rate' && r.provider === d.provider)
        .map((r) => r.numValue as number);
      expect(samples.length).toBeGreaterThan(1);
      expect(d).toEqual(expect.objectContaining({ basis: 'several', rows: samples.length }));
      expect(d.value).not.toBe(samples.reduce((a, b) => a + b, 0));
    }
  });

  it("agrees with summary's daily series for every numeric metric and provider", () => {
    let compared = 0;
    for (const line of summaryLines) {
      if (line.rule === 'text') continue;
      for (const day of line.daily) {
        const d = daily.find((x) => key(x) === `${day.date} ${line.metric} ${line.provider}`);
        expect(d?.value, `${line.metric} ${line.provider} ${day.date}`).toBeCloseTo(
          day.value as number,
          2, // summary's json rounds to 2 decimals
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('a query for one metric searches the index built for the view', () => {
    const plan = execFileSync('/usr/bin/sqlite3', [
      db,
      "EXPLAIN QUERY PLAN SELECT * FROM daily WHERE metric = 'steps'",
    ]).toString();
    expect(plan).toMatch(/SEARCH metrics USING INDEX metrics_daily/);
  });

  it("a version 3 database, whose view averaged the apps on a day without the twin, gets this rule's view on its next sync", async () => {
    const old = join(dir, 'v3.db');
    copyFileSync(db, old);
    const v3 = readFileSync(join(__dirname, '../fixtures/sqlite-v3-daily-view.sql'), 'utf8');
    execFileSync('/usr/bin/sqlite3', [
      old,
      `DROP VIEW daily; ${v3}; PRAGMA user_version = 3; UPDATE sync_state SET schema_version = 3;`,
    ]);
    // The old view has no no_total: a missing twin's day was the apps' mean.
    expect(sqliteQuery(old, "SELECT * FROM daily WHERE basis = 'no_total'")).toEqual([]);
    const pro = await startSandbox({ today: DAY0, plan: 'pro' });
    try {
      const again = await sync(pro, DAY0, old);
      expect(again.code, again.stderr).toBe(0);
    } finally {
      await pro.close();
    }
    expect(sqliteQuery(old, 'PRAGMA user_version')).toEqual([{ user_version: 4 }]);
    expect(sqliteQuery(old, 'SELECT * FROM daily ORDER BY date DESC, metric, provider')).toEqual(
      daily,
    );
  });

  it('a database an older healthdata created gets the new view on its next sync', async () => {
    const old = join(dir, 'old.db');
    copyFileSync(db, old);
    const v1 = readFileSync(join(__dirname, '../fixtures/sqlite-v1-daily-view.sql'), 'utf8');
    execFileSync('/usr/bin/sqlite3', [
      old,
      // Version 1 had no numValueText, and an older healthdata wrote in rollback mode.
      `DROP VIEW daily; ALTER TABLE metrics DROP COLUMN numValueText; ${v1};
       PRAGMA user_version = 1; UPDATE sync_state SET schema_version = 1;
       PRAGMA journal_mode = DELETE;`,
    ]);
    const mixed = sqliteQuery<{ providers: string }>(
      old,
      "SELECT providers FROM daily WHERE metric = 'hrv' AND providers LIKE '%,%'",
    );
    expect(mixed.length).toBeGreaterThan(0);
    const pro = await startSandbox({ today: DAY0, plan: 'pro' });
    try {
      const again = await sync(pro, DAY0, old);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/0 rows added, 0 removed/);
      expect(again.stderr).not.toMatch(/file not rewritten/);
    } finally {
      await pro.close();
    }
    expect(sqliteQuery(old, 'PRAGMA user_version')).toEqual([{ user_version: 4 }]);
    // Its first write put it in WAL mode.
    expect(sqliteQuery(old, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(sqliteQuery(old, 'SELECT * FROM daily ORDER BY date DESC, metric, provider')).toEqual(
      daily,
    );
    expect(sqliteRows(old)).toEqual(rows);
  });
});
