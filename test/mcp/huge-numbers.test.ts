// The MCP tools over numbers at the edges of the doubles (test/helpers/huge-numbers.ts), all
// metrics in one call: a value near 1e308 once failed the output schema of daily_summary,
// find_anomalies, compare_periods and correlate for every metric in the call. Now every
// answer is whole, the ordinary metric's items are what they are alone, the huge ones are
// finite and right, and numbers past every double (1e400) are counted in a note.
import { afterEach, describe, expect, it } from 'vitest';
import { amount } from '../../src/lib/precision.ts';
import {
  dayAgo,
  FIRST,
  hugeNumbersApi,
  LAST,
  METRICS,
  SPIKE_AGO,
  stepsOn,
} from '../helpers/huge-numbers.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();
let mcp: McpPair | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

async function connect(): Promise<McpPair> {
  const server = await serve(hugeNumbersApi());
  mcp = await inMemoryServer(server.url, API_KEY);
  return mcp;
}

type Item = Record<string, unknown>;
const list = (structured: Item, key = 'items') => structured[key] as Item[];
const range = { metrics: METRICS, from: FIRST, to: LAST };
const steps = Array.from({ length: 60 }, (_, i) => stepsOn(i));
const plainMean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const UNHELD_NOTE =
  '48 value(s) of 1 metric/provider line(s) could not be held by a double (past ±1.8e308, such as 1e400) and were left out of every statistic';

function expectAllFinite(value: unknown, path = '$'): void {
  if (typeof value === 'number') expect(Number.isFinite(value), path).toBe(true);
  else if (Array.isArray(value)) value.forEach((v, i) => expectAllFinite(v, `${path}[${i}]`));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) expectAllFinite(v, `${path}.${k}`);
}

describe('MCP tools over numbers at the edges of the doubles', () => {
  it('daily_summary: every entry, finite and right; 1e400 counted in its note', async () => {
    const got = await (await connect()).call('daily_summary', range);
    expect(got.isError, got.text).toBe(false);
    expectAllFinite(got.structured);
    const entries = list(got.structured, 'entries');
    const entry = (metric: string) => entries.find((e) => e['metric'] === metric) as Item;
    expect(entries.map((e) => e['metric']).sort()).toEqual([...METRICS].sort());
    expect(entry('steps')).toMatchObject({
      days: 60,
      min: 8000,
      max: 30_000,
      mean: Math.round(plainMean(steps) * 100) / 100,
    });
    expect(entry('huge_constant')).toMatchObject({ mean: 1e308, median: 1e308, days: 60 });
    expect((entry('huge_constant')['daily'] as { value: number[] }).value).toEqual(
      new Array(60).fill(1e308),
    );
    expect(entry('opposed')).toMatchObject({ mean: 0, median: 0 });
    expect(entry('big_integer')).toMatchObject({ rule: 'row', mean: 2 ** 53 });
    expect(entry('unheld')).toMatchObject({
      days: 12,
      note: '48 values could not be held by a double (past ±1.8e308) and were left out',
    });
    expect((got.structured['notes'] as string[]).join(' ')).toContain(UNHELD_NOTE);
  });

  it('find_anomalies: the spike of the ordinary metric only', async () => {
    const got = await (await connect()).call('find_anomalies', range);
    expect(got.isError, got.text).toBe(false);
    expectAllFinite(got.structured);
    expect(list(got.structured).map((i) => [i['metric'], i['date']])).toEqual([
      ['steps', dayAgo(SPIKE_AGO)],
    ]);
    expect((got.structured['notes'] as string[]).join(' ')).toContain(UNHELD_NOTE);
  });

  it('compare_periods: identical halves do not differ; the ordinary metric as alone', async () => {
    const got = await (
      await connect()
    ).call('compare_periods', {
      metrics: METRICS,
      from: dayAgo(29),
      to: LAST,
    });
    expect(got.isError, got.text).toBe(false);
    expectAllFinite(got.structured);
    const items = list(got.structured);
    const item = (metric: string) => items.find((i) => i['metric'] === metric) as Item;
    expect(item('huge_constant')).toMatchObject({ mean: 1e308, change: 0, exceeds: false });
    expect(item('near_max')['exceeds']).toBe(false);
    expect(item('opposed')).toMatchObject({ change: 0, exceeds: false });
    // Rounded once, as every surface rounds a mean (src/lib/precision.ts).
    expect(item('steps')['mean']).toBe(amount(plainMean(steps.slice(0, 30))));
    expect(item('steps')['vs_mean']).toBe(amount(plainMean(steps.slice(30))));
    expect(items.every((i) => i['exceeds'] === false)).toBe(true);
  });

  it('correlate: a huge pair is finite; a constant has no r; the call never fails', async () => {
    const pair = await connect();
    for (const [a, b] of [
      ['opposed', 'near_max'],
      ['steps', 'huge_constant'],
      ['steps', 'tiny'],
      ['big_integer', 'unheld'],
    ] as const) {
      const got = await pair.call('correlate', {
        metric_a: a,
        metric_b: b,
        from: FIRST,
        to: LAST,
        lag_min: 0,
        lag_max: 1,
      });
      expect(got.isError, `${a} ${b}: ${got.text}`).toBe(false);
      expectAllFinite(got.structured);
      const items = list(got.structured);
      expect(items).toHaveLength(2);
      if (b === 'near_max') {
        for (const i of items) expect(Math.abs(i['pearson'] as number)).toBeLessThanOrEqual(1);
      } else {
        // A constant side has no spread: no r, rather than NaN.
        for (const i of items) expect(i['pearson']).toBeNull();
      }
    }
  });
});
