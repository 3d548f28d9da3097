// Every surface shows the same daily value: `daily -f json`, `summary -f json`'s daily series
// and statistics, `report` (live and --from-db), MCP `daily_summary`, and `SELECT * FROM daily`
// of the database `sync` writes, against a server on
// 127.0.0.1 that behaves like a phone health aggregator (steps_total missing on some days,
// active_energy_total only for the last 60 days, several source rows a day, full-precision
// numbers, one metric from two providers, text rows), and against the sandbox. `chart` reads
// the same loaded summaries (src/cli/daily-query.ts) but prints no values to compare.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { amount } from '../../src/lib/precision.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { inMemoryServer } from '../helpers/mcp.ts';
import { modelOf } from '../helpers/report.ts';
import { connection, sqliteQuery } from '../helpers/sync.ts';
import { API_KEY, hd, type TestServer } from '../helpers/test-server.ts';
import { aggregator, DAYS, ROWS, TODAY, type DailyRow } from '../helpers/aggregator.ts';

interface SummaryLine {
  metric: string;
  provider: string;
  rule: string;
  mean: number | null;
  days: number;
  daily: { date: string; value?: number; basis?: string; rows: number; values?: string[] }[];
}

const key = (d: { date: string; metric: string; provider: string }): string =>
  `${d.date} ${d.metric} ${d.provider}`;
const textSet = (t: string | null): string[] | null =>
  t === null ? null : t.startsWith('[') ? (JSON.parse(t) as string[]).sort() : [t];

/** daily's rows against summary's lines: the same days, values, bases; stats over them. */
function expectSummaryAgrees(daily: DailyRow[], lines: SummaryLine[]): number {
  let compared = 0;
  for (const line of lines) {
    const mine = daily.filter((d) => d.metric === line.metric && d.provider === line.provider);
    if (line.rule === 'text') {
      expect(line.daily.map((d) => d.date).sort()).toEqual(mine.map((d) => d.date).sort());
      for (const day of line.daily) {
        const d = mine.find((x) => x.date === day.date);
        expect(textSet(d?.text ?? null)?.length, key(d as DailyRow)).toBe(day.values?.length);
        compared++;
      }
      continue;
    }
    const valued = mine.filter((d) => d.value !== null);
    expect(line.days, `${line.metric} ${line.provider}`).toBe(valued.length);
    const byDate = new Map(valued.map((d) => [d.date, d]));
    for (const day of line.daily) {
      const d = byDate.get(day.date);
      const at = `${line.metric} ${line.provider} ${day.date}`;
      expect(d?.basis, at).toBe(day.basis);
      // The same number: every surface shows a day as daily does (src/daily/shown.ts).
      expect(d?.value, at).toBe(day.value);
      compared++;
    }
    // The mean is over the daily values, whatever their rows.
    const mean = valued.reduce((a, d) => a + (d.value as number), 0) / valued.length;
    expect(line.mean, `${line.metric} ${line.provider}`).toBeCloseTo(mean, 2);
  }
  return compared;
}

/** daily's rows against the SQLite view: every key, basis, row count; the same value. */
function expectViewAgrees(daily: DailyRow[], view: DailyRow[]): void {
  expect(view.map(key).sort()).toEqual(daily.map(key).sort());
  const byKey = new Map(view.map((v) => [key(v), v]));
  for (const d of daily) {
    const v = byKey.get(key(d)) as DailyRow;
    const at = `${key(d)}: ${d.basis} ${d.value} / view ${v.basis} ${v.value}`;
    expect([v.basis, v.rows, v.unit], at).toEqual([d.basis, d.rows, d.unit]);
    // The view holds a `several` day's full-precision mean (SQL); daily shows it rounded once
    // (amount, src/daily/shown.ts). A value the API sent is the same double in both.
    if (d.basis === 'several') expect(d.value, at).toBe(amount(v.value as number));
    else expect(v.value, at).toBe(d.value);
    expect(textSet(v.text), at).toEqual(textSet(d.text));
  }
}

describe('against an aggregator: daily, summary and the SQLite view agree day by day', () => {
  let server: TestServer;
  const dir = tempDir();
  let daily: DailyRow[];
  let view: DailyRow[];

  beforeAll(async () => {
    server = await aggregator();
    const out = await hd(server.url, ['daily', '-f', 'json'], { clock: fixedClock(TODAY) });
    expect(out.code, out.stderr).toBe(0);
    daily = (JSON.parse(out.stdout) as { data: DailyRow[] }).data;
    const db = join(dir, 'x.db');
    const synced = await hd(server.url, ['sync', db], { clock: fixedClock(TODAY) });
    expect(synced.code, synced.stderr).toBe(0);
    view = sqliteQuery<DailyRow>(db, 'SELECT * FROM daily ORDER BY date DESC, metric, provider');
  });
  afterAll(async () => {
    await server.close();
  });

  it('daily has every basis, in the right places', () => {
    const on = (metric: string, provider: string, date: string) =>
      daily.find((d) => key(d) === `${date} ${metric} ${provider}`);
    // A day without steps_total: the one app's row, or no value, never a sum or mean.
    const missing = addDays(TODAY, -3);
    const apps = ROWS.filter(
      (r) => r.date === missing && r.metric === 'steps' && r.provider === 'PhoneHealth',
    );
    expect(on('steps', 'PhoneHealth', missing)).toMatchObject(
      apps.length === 1
        ? { basis: 'single', value: apps[0]?.numValue }
        : { basis: 'no_total', value: null, rows: apps.length },
    );
    // Before active_energy_total began: one app as it is; two apps, no value.
    const old = daily.filter((d) => d.metric === 'active_energy' && d.date < addDays(TODAY, -59));
    expect(new Set(old.map((d) => d.basis))).toEqual(new Set(['single', 'no_total']));
    for (const d of old) expect(d.value === null).toBe(d.basis === 'no_total');
    // The total where it exists; its app rows left out.
    const recent = daily.filter(
      (d) => d.metric === 'active_energy' && d.date > addDays(TODAY, -60),
    );
    expect(recent.every((d) => d.basis === 'total' && d.rows === 1)).toBe(true);
    expect(daily.some((d) => d.metric === 'walking_heart_rate' && d.basis === 'several')).toBe(
      true,
    );
    expect(daily.some((d) => d.metric.endsWith('_total'))).toBe(false);
    // Two providers, never mixed; full precision kept.
    const hrv = ROWS.find((r) => r.metric === 'hrv' && r.provider === 'WristBand');
    expect(on('hrv', 'WristBand', hrv?.date ?? '')?.value).toBe(hrv?.numValue);
    expect(daily.some((d) => d.metric === 'mood' && d.basis === 'several')).toBe(true);
  });

  it("summary's daily series and mean are daily's values", async () => {
    const out = await hd(server.url, ['summary', '-f', 'json'], { clock: fixedClock(TODAY) });
    expect(out.code, out.stderr).toBe(0);
    const lines = (JSON.parse(out.stdout) as { data: SummaryLine[] }).data;
    expect(expectSummaryAgrees(daily, lines)).toBeGreaterThan(500);
    // The days with no value are said, by number, in the line's note.
    const energy = lines.find((l) => l.metric === 'active_energy') as SummaryLine & {
      note: string;
    };
    const gaps = daily.filter((d) => d.metric === 'active_energy' && d.basis === 'no_total');
    expect(gaps.length).toBeGreaterThan(10);
    expect(energy.note).toContain(`no active_energy_total on ${gaps.length} days of several rows`);
  });

  it('the SQLite daily view of the synced file holds the same rows', () => {
    expectViewAgrees(daily, view);
  });

  it("report, live and --from-db, shows daily's values on every day of every series", async () => {
    const from = addDays(TODAY, -(DAYS - 1));
    const live = join(dir, 'live.html');
    const fromDb = join(dir, 'db.html');
    const clock = { clock: fixedClock(TODAY) };
    const a = await hd(server.url, ['report', '--from', from, '-o', live], clock);
    expect(a.code, a.stderr).toBe(0);
    const b = await runCli(
      ['report', '--from-db', join(dir, 'x.db'), '--from', from, '-o', fromDb],
      clock,
    );
    expect(b.code, b.stderr).toBe(0);
    for (const file of [live, fromDb]) {
      const model = modelOf(file);
      expect(model.range.from).toBe(from);
      let compared = 0;
      for (const line of model.series) {
        const mine = new Map(
          daily
            .filter((d) => d.metric === line.metric && d.provider === line.provider)
            .map((d) => [d.date, d.value]),
        );
        line.values.forEach((value, i) => {
          const date = addDays(from, i);
          expect(value, `${file} ${line.metric} ${line.provider} ${date}`).toBe(
            mine.get(date) ?? null,
          );
          compared++;
        });
      }
      expect(compared).toBeGreaterThan(500);
    }
  });

  it("MCP daily_summary's series are daily's values", async () => {
    const mcp = await inMemoryServer(server.url, API_KEY, { clock: fixedClock(TODAY) });
    try {
      for (const metric of ['steps', 'active_energy', 'walking_heart_rate', 'hrv']) {
        const got = await mcp.call('daily_summary', {
          metrics: [metric],
          from: addDays(TODAY, -(DAYS - 1)),
        });
        const entries = got.structured['entries'] as {
          metric: string;
          provider: string;
          daily: { date: string[]; value: number[] };
        }[];
        expect(entries.length).toBeGreaterThan(0);
        for (const e of entries) {
          const mine = daily.filter(
            (d) => d.metric === e.metric && d.provider === e.provider && d.value !== null,
          );
          expect(e.daily.date, `${metric} ${e.provider}`).toEqual(
            mine.map((d) => d.date).reverse(),
          );
          expect(e.daily.value).toEqual(mine.map((d) => d.value).reverse());
        }
      }
    } finally {
      await mcp.close();
    }
  });

  it('a range without any twin row decides alike: the catalog names the twin', async () => {
    const from = addDays(TODAY, -110);
    const to = addDays(TODAY, -70);
    const out = await hd(
      server.url,
      ['daily', '-m', 'active_energy', '--from', from, '--to', to, '-f', 'json'],
      { clock: fixedClock(TODAY) },
    );
    expect(out.code, out.stderr).toBe(0);
    const part = (JSON.parse(out.stdout) as { data: DailyRow[] }).data;
    expect(part.some((d) => d.basis === 'no_total')).toBe(true);
    expectViewAgrees(
      part,
      view.filter((v) => v.metric === 'active_energy' && v.date >= from && v.date <= to),
    );
  });

  it('--wide has one row per day and a column per metric, metric@provider where two send it', async () => {
    const out = await hd(server.url, ['daily', '--wide', '-f', 'csv'], {
      clock: fixedClock(TODAY),
    });
    expect(out.code, out.stderr).toBe(0);
    const [header, ...lines] = out.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'date,active_energy,hrv@RingWear,hrv@WristBand,mood,steps@PhoneHealth,steps@WristBand,walking_heart_rate',
    );
    expect(lines[0]?.startsWith(`${TODAY},`)).toBe(true);
    const dates = new Set(daily.map((d) => d.date));
    expect(out.stdout.split('\n').filter((l) => /^\d{4}-/.test(l))).toHaveLength(dates.size);
  });
});

describe('on the sandbox: daily, summary and the SQLite view agree', () => {
  let sandbox: Sandbox;
  const dir = tempDir();
  beforeAll(async () => {
    sandbox = await startSandbox({ today: TODAY, plan: 'pro' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('on every metric, provider and day of 60 days', async () => {
    const run = (args: string[]) =>
      runCli([...args, ...connection(sandbox), '--from', '60d'], { clock: fixedClock(TODAY) });
    const out = await run(['daily', '-f', 'json']);
    expect(out.code, out.stderr).toBe(0);
    const daily = (JSON.parse(out.stdout) as { data: DailyRow[] }).data;
    const summary = await run(['summary', '-f', 'json']);
    expect(summary.code, summary.stderr).toBe(0);
    const lines = (JSON.parse(summary.stdout) as { data: SummaryLine[] }).data;
    expect(expectSummaryAgrees(daily, lines)).toBeGreaterThan(300);
    const db = join(dir, 'demo.db');
    const synced = await run(['sync', db]);
    expect(synced.code, synced.stderr).toBe(0);
    const view = sqliteQuery<DailyRow>(db, 'SELECT * FROM daily');
    expectViewAgrees(daily, view);
  });
});
