// `healthdata summary` end to end against the sandbox. Expected values are computed here,
// independently, from raw rows fetched from the sandbox over HTTP.
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { addDays, allRows, metricsRequests, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const FROM = addDays(TODAY, -90);
const cli = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['summary', ...sandbox.args(), ...args], { clock, ...opts });

interface Line {
  metric: string;
  provider: string;
  rule: string;
  from: string;
  days: number;
  first: string;
  last: string;
  min: number;
  mean: number;
  median: number | null;
  max: number;
  latest: number | string;
  rows_per_day: { min: number; max: number } | null;
  top_values: string | null;
  note: string;
  daily: Array<{ date: string; value?: number; rows: number; min?: number; max?: number }>;
}

const json = (stdout: string) => (JSON.parse(stdout) as { data: Line[] }).data;
const raw = (query: string): Promise<MetricRow[]> =>
  allRows(sandbox.current, `${query}&from=${FROM}`, 1000);
const byDate = (rows: MetricRow[]) => {
  const map = new Map<string, number[]>();
  for (const r of rows) map.set(r.date, [...(map.get(r.date) ?? []), r.numValue as number]);
  return map;
};
const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
};
const round2 = (x: number) => Math.round(x * 100) / 100;

describe('the daily value of a cumulative metric', () => {
  it('comes from steps_total, asked for in the same request, and never from summed rows', async () => {
    const mark = sandbox.current.requests.length;
    const { code, stdout } = await cli(['-m', 'steps', '--from', FROM, '-f', 'json']);
    expect(code).toBe(0);
    const sent = metricsRequests(sandbox.current, mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.getAll('metric')).toEqual(['steps', 'steps_total']);

    const rows = await raw('metric=steps,steps_total&provider=PhoneHealth');
    const totals = rows.filter((r) => r.metric === 'steps_total');
    const days = [...byDate(totals).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const values = days.map(([, v]) => v[0] as number);
    const sums = [...byDate(rows.filter((r) => r.metric === 'steps')).values()].map((v) =>
      v.reduce((a, b) => a + b, 0),
    );
    const maxSum = Math.max(...sums);
    expect(maxSum).toBeGreaterThan(Math.max(...values)); // the trap is real

    const line = json(stdout).find((l) => l.metric === 'steps' && l.provider === 'PhoneHealth');
    expect(line).toMatchObject({
      rule: 'twin',
      from: 'steps_total',
      days: days.length,
      first: days[0]?.[0],
      last: days.at(-1)?.[0],
      min: Math.min(...values),
      max: Math.max(...values),
      median: median(values),
      mean: round2(values.reduce((a, b) => a + b, 0) / values.length),
      latest: values.at(-1),
    });
    expect(line?.note).toContain('daily total from steps_total');
    expect(line?.daily.map((d) => d.value)).toEqual(values);
    for (const format of ['json', 'csv', 'table']) {
      const out = await cli(['-m', 'steps', '--from', FROM, '-f', format]);
      expect(out.stdout).not.toContain(String(maxSum));
      expect(out.stdout).not.toContain(maxSum.toLocaleString('en-US'));
    }
    const table = await cli(['-m', 'steps', '--from', FROM, '-f', 'table']);
    expect(table.stdout).toContain(Math.max(...values).toLocaleString('en-US'));
  });

  it('reports the twin under its own name when it is asked for alone', async () => {
    const lines = json((await cli(['-m', 'steps_total', '--from', FROM, '-f', 'json'])).stdout);
    expect(lines.map((l) => [l.metric, l.rule])).toEqual([['steps_total', 'row']]);
  });
});

describe('several rows a day and no twin', () => {
  it('takes the mean of walking_heart_rate rows a day, never their sum, and says so', async () => {
    const { stdout } = await cli(['-m', 'walking_heart_rate', '--from', FROM, '-f', 'json']);
    const [line, ...rest] = json(stdout);
    expect(rest).toEqual([]);
    const rows = await raw('metric=walking_heart_rate');
    const perDay = byDate(rows);
    // Every statistic is over the daily values (a day's mean), never over rows.
    const values = [...perDay.values()].map((v) => v.reduce((a, b) => a + b, 0) / v.length);
    expect(line).toMatchObject({
      rule: 'several',
      min: Math.min(...values),
      max: Math.max(...values),
      mean: round2(values.reduce((a, b) => a + b, 0) / values.length),
      rows_per_day: { min: 1, max: 2 },
    });
    expect(line?.note).toContain('several sources a day');
    const two = line?.daily.find((d) => d.rows === 2);
    const pair = perDay.get(two?.date ?? '') ?? [];
    expect(pair).toHaveLength(2);
    expect(two).toEqual({
      date: two?.date,
      value: round2(((pair[0] as number) + (pair[1] as number)) / 2),
      basis: 'several',
      rows: 2,
      min: Math.min(...pair),
      max: Math.max(...pair),
    });
    const table = await cli(['-m', 'walking_heart_rate', '--from', FROM, '-f', 'table']);
    expect(table.stdout).toContain('several sources a day (1-2 rows), never added up');
  });

  it('keeps two providers of one metric apart, one line each', async () => {
    const lines = json((await cli(['-m', 'hrv', '--from', FROM, '-f', 'json'])).stdout);
    expect(lines.map((l) => [l.provider, l.rule])).toEqual([
      ['RingWear', 'row'],
      ['WristBand', 'row'],
    ]);
  });
});

describe('a stream of samples (rows with stream: true)', () => {
  it('is called samples through the day, not sources, in every format', async () => {
    const [line] = json((await cli(['-m', 'heart_rate', '--from', FROM, '-f', 'json'])).stdout);
    expect(line).toMatchObject({ rule: 'several', rows_per_day: { min: 24, max: 24 } });
    expect(line?.note).toBe(
      "separate samples through the day (24 rows): a day's value is their mean, never their sum",
    );
    const table = await cli(['-m', 'heart_rate', '--from', FROM, '-f', 'table']);
    expect(table.stdout).toContain('separate samples through the day (24 rows), never added up');
    const block = await cli(['-m', 'heart_rate', '--from', FROM, '--no-pager'], {
      stdoutIsTTY: true,
      env: { COLUMNS: '60' },
    });
    expect(block.stdout).toContain('heart_rate · WristBand · bpm — separate samples');
    expect(`${table.stdout}${block.stdout}`).not.toContain('several sources');
  });

  it("shows as latest the last day's mean in the table, the block and json alike", async () => {
    const rows = await raw('metric=heart_rate');
    const last = rows
      .map((r) => r.date)
      .sort()
      .at(-1) as string;
    const samples = byDate(rows).get(last) as number[];
    expect(samples).toHaveLength(24);
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    const [line] = json((await cli(['-m', 'heart_rate', '--from', FROM, '-f', 'json'])).stdout);
    expect(line?.latest).toBe(round2(mean));
    expect(line?.daily.at(-1)).toMatchObject({ date: last, value: round2(mean) });
    // The wide table's latest cell: right-aligned under its header.
    const [header, tableLine] = (
      await cli(['-m', 'heart_rate', '--from', FROM, '-f', 'table'])
    ).stdout.split('\n');
    const cell = tableLine
      ?.slice(0, (header?.indexOf('latest') ?? 0) + 6)
      .split(' ')
      .at(-1);
    const block = await cli(['-m', 'heart_rate', '--from', FROM, '--no-pager'], {
      stdoutIsTTY: true,
      env: { COLUMNS: '60' },
    });
    expect(block.stdout).toContain(`latest ${cell}`);
    expect(Number(cell)).toBeCloseTo(mean, 1);
  });
});

describe('text metrics', () => {
  it('show counts and the most frequent values instead of statistics', async () => {
    const { stdout } = await cli(['-m', 'mood', '--from', FROM, '-f', 'json']);
    const [line] = json(stdout);
    const counts = new Map<string, number>();
    for (const r of await raw('metric=mood')) {
      counts.set(r.textValue as string, (counts.get(r.textValue as string) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    expect(line?.rule).toBe('text');
    expect(line?.min).toBeNull();
    expect(line?.top_values?.startsWith(`${top?.[0]} (${top?.[1]})`)).toBe(true);
  });
});

describe('usage', () => {
  it('names an unknown metric, suggests the near one, and exits 2', async () => {
    const { code, stderr, stdout } = await cli(['-m', 'stepz']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "healthdata: error: no metric named 'stepz' in your catalog — did you mean 'steps'?\n",
    );
  });

  it('refuses a bad range before asking the API anything', async () => {
    const mark = sandbox.current.requests.length;
    const bad = await cli(['--from', '2026-02-30']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--from '2026-02-30' is not a real calendar date");
    const swapped = await cli(['--from', TODAY, '--to', addDays(TODAY, -3)]);
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toContain('swap them');
    expect(sandbox.current.requests.length).toBe(mark);
  });

  it('lists a metric with no data in the range instead of leaving it out', async () => {
    const weighed = new Set((await raw('metric=weight')).map((r) => r.date));
    let day = TODAY;
    while (weighed.has(day)) day = addDays(day, -1);
    const { code, stdout } = await cli(['-m', 'weight', '--from', day, '--to', day, '-f', 'csv']);
    expect(code).toBe(0);
    expect(stdout).toContain('weight,,kg,row,weight,0');
    expect(stdout).toContain('no data in the range');
  });
});
