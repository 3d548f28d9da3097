// The surfaces built on daily values show daily's values: `chart` draws exactly what it would
// draw from `daily -f json`'s values, and `anomalies`, `compare`, `correlate` and MCP `trend`
// compute their statistics over daily's values, day by day, against the aggregator of
// test/helpers/aggregator.ts (twins missing on some days, several rows a day, two providers).
// daily-agreement.test.ts holds the other pairs (summary, the SQLite view, report, MCP
// daily_summary).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricSummary, NumericDay } from '../../src/daily/index.ts';
import { addDays } from '../../src/lib/dates.ts';
import { renderCharts } from '../../src/output/chart/render.ts';
import { displayNumber } from '../../src/output/summary/numbers.ts';
import { aggregator, DAYS, TODAY, type DailyRow } from '../helpers/aggregator.ts';
import { fixedClock } from '../helpers/cli.ts';
import { inMemoryServer } from '../helpers/mcp.ts';
import { API_KEY, hd, type TestServer } from '../helpers/test-server.ts';

const FROM = addDays(TODAY, -(DAYS - 1));
const NUMERIC = ['steps', 'active_energy', 'walking_heart_rate', 'hrv'];

let server: TestServer;
let daily: DailyRow[];
const run = async (args: string[], env: Record<string, string> = {}) => {
  const out = await hd(server.url, args, { clock: fixedClock(TODAY), env });
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
};
const json = async <T>(args: string[]): Promise<T> => JSON.parse(await run(args)) as T;

beforeAll(async () => {
  server = await aggregator();
  daily = (await json<{ data: DailyRow[] }>(['daily', '--from', FROM, '-f', 'json'])).data;
});
afterAll(async () => {
  await server.close();
});

/** daily's numeric values of one series, by date. */
function valuesOf(metric: string, provider: string): Map<string, number> {
  return new Map(
    daily
      .filter((d) => d.metric === metric && d.provider === provider && d.value !== null)
      .map((d) => [d.date, d.value as number]),
  );
}
const series = (): [string, string][] =>
  [
    ...new Set(
      daily.filter((d) => NUMERIC.includes(d.metric)).map((d) => `${d.metric}\u0000${d.provider}`),
    ),
  ].map((k) => k.split('\u0000') as [string, string]);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
/**
 * Equal but for rounding: a statistic is computed over the full-precision daily values and
 * shown to two decimals, while `daily` shows a `several` day's mean to two decimals too
 * (src/lib/precision.ts), so the two can differ by one in the second decimal.
 */
const near = (got: number, want: number, at: string) =>
  expect(Math.abs(got - want), `${at}: ${got} against ${want}`).toBeLessThanOrEqual(
    0.0101 + Math.abs(want) * 1e-9,
  );

describe("every statistic is built from daily's values", () => {
  it('chart draws, byte for byte, the chart of daily’s values (a point a day, and weekly means)', async () => {
    for (const [metric, columns] of [
      ['steps', '200'],
      ['active_energy', '200'],
      ['walking_heart_rate', '60'],
      ['hrv', '60'],
    ] as const) {
      const range = ['--from', FROM, '--to', TODAY];
      const drawn = await run(['chart', metric, ...range, '--height', '12'], { COLUMNS: columns });
      // The summary lines give the titles (rule, unit); daily gives every value drawn.
      const lines = (
        await json<{ data: (MetricSummary & { rule: string })[] }>([
          'summary',
          '-m',
          metric,
          ...range,
          '-f',
          'json',
        ])
      ).data;
      const summaries = lines.map((l) => {
        const days: NumericDay[] = [...valuesOf(l.metric, l.provider)]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, value]) => ({
            date,
            value,
            basis: 'single',
            rows: 1,
            min: value,
            max: value,
          }));
        return { ...l, topValues: [], latest: null, daily: days } as unknown as MetricSummary;
      });
      expect(summaries.length).toBeGreaterThan(0);
      const expected = renderCharts(summaries, {
        range: { from: FROM, to: TODAY },
        width: Number(columns),
        height: 12,
        colors: [],
        format: displayNumber,
      });
      expect(drawn, metric).toBe(expected);
    }
  });

  it("anomalies: each day's value is daily's, its median that of the 28 days before", async () => {
    const got = await json<{
      data: { date: string; metric: string; provider: string; value: number; median: number }[];
    }>([
      'anomalies',
      '-m',
      NUMERIC.join(','),
      '--from',
      FROM,
      '--threshold',
      '0.001',
      '-f',
      'json',
    ]);
    expect(got.data.length).toBeGreaterThan(200);
    for (const a of got.data) {
      const values = valuesOf(a.metric, a.provider);
      const at = `${a.metric} ${a.provider} ${a.date}`;
      expect(a.value, at).toBe(values.get(a.date));
      const before = [...values].filter(([d]) => d < a.date && d >= addDays(a.date, -28));
      near(a.median, median(before.map(([, v]) => v)), at);
    }
  });

  it('compare: each mean is the mean of daily’s values in its period', async () => {
    const got = await json<{
      data: {
        metric: string;
        provider: string;
        mean: number;
        vs_mean: number;
        days: number;
        vs_days: number;
      }[];
      meta: { current: { from: string; to: string }; vs: { from: string; to: string } };
    }>(['compare', '-m', NUMERIC.join(','), '-f', 'json']);
    expect(got.data.length).toBe(series().length);
    const within = (m: Map<string, number>, p: { from: string; to: string }) =>
      [...m].filter(([d]) => d >= p.from && d <= p.to).map(([, v]) => v);
    for (const c of got.data) {
      const values = valuesOf(c.metric, c.provider);
      const now = within(values, got.meta.current);
      const then = within(values, got.meta.vs);
      const at = `${c.metric} ${c.provider}`;
      expect([c.days, c.vs_days], at).toEqual([now.length, then.length]);
      near(c.mean, mean(now), at);
      near(c.vs_mean, mean(then), at);
    }
  });

  it('correlate: the days paired are those where daily has both values, and r is theirs', async () => {
    const got = await json<{
      data: { a_provider: string; b_provider: string; n: number; pearson: number }[];
    }>(['correlate', 'walking_heart_rate', 'hrv', '--from', FROM, '-f', 'json']);
    expect(got.data.length).toBe(2);
    for (const c of got.data) {
      const a = valuesOf('walking_heart_rate', c.a_provider);
      const b = valuesOf('hrv', c.b_provider);
      const days = [...a.keys()].filter((d) => b.has(d));
      expect(c.n).toBe(days.length);
      const xs = days.map((d) => a.get(d) as number);
      const ys = days.map((d) => b.get(d) as number);
      const [mx, my] = [mean(xs), mean(ys)];
      const cov = xs.reduce((s, x, i) => s + (x - mx) * ((ys[i] as number) - my), 0);
      const sx = Math.sqrt(xs.reduce((s, x) => s + (x - mx) ** 2, 0));
      const sy = Math.sqrt(ys.reduce((s, y) => s + (y - my) ** 2, 0));
      expect(Math.abs(c.pearson - cov / (sx * sy))).toBeLessThanOrEqual(0.0006);
    }
  });

  it("MCP trend: each week's days, mean, min and max are daily's", async () => {
    const mcp = await inMemoryServer(server.url, API_KEY, { clock: fixedClock(TODAY) });
    try {
      const got = await mcp.call('trend', { metrics: NUMERIC, from: FROM, by: 'week' });
      const items = got.structured['items'] as {
        metric: string;
        provider: string;
        period: string;
        days: number;
        mean: number;
        min: number;
        max: number;
      }[];
      expect(items.length).toBeGreaterThan(50);
      for (const w of items) {
        const end = addDays(w.period, 6);
        const week = [...valuesOf(w.metric, w.provider)]
          .filter(([d]) => d >= w.period && d <= end)
          .map(([, v]) => v);
        const at = `${w.metric} ${w.provider} ${w.period}`;
        expect(w.days, at).toBe(week.length);
        near(w.mean, mean(week), at);
        near(w.min, Math.min(...week), at);
        near(w.max, Math.max(...week), at);
      }
    } finally {
      await mcp.close();
    }
  });
});
