// The CLI's and MCP's insight records for the same data are the same records, field by field:
// one builder each (src/insight/records), rounded once (src/lib/precision.ts). Against the
// sandbox's planted signals over every metric, `anomalies -f json` against find_anomalies,
// `compare -f json` against compare_periods, `correlate -f json` against correlate and
// `summary --by` against trend; and csv and the table show json's numbers, digit for digit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey, {
    clock: fixedClock(TODAY),
  });
});
afterAll(async () => {
  await mcp.close();
});

type Item = Record<string, unknown>;

const run = async (args: string[]): Promise<string> => {
  const { code, stdout, stderr } = await runCli([...args, ...sandbox.args()], {
    clock: fixedClock(TODAY),
  });
  expect(code, stderr).toBe(0);
  return stdout;
};
const cliJson = async (args: string[]): Promise<Item[]> =>
  (JSON.parse(await run([...args, '-f', 'json'])) as { data: Item[] }).data;
const tool = async (name: string, args: Item): Promise<Item[]> => {
  const got = await mcp.call(name, args);
  expect(got.isError, got.text).toBe(false);
  expect(got.structured['items_left_out']).toBe(0);
  return got.structured['items'] as Item[];
};

/** No statistic with more digits than the rounding gives (today's `z 4.9463333333333335`). */
function expectRounded(items: Item[], fields: Record<string, number>): void {
  for (const item of items) {
    for (const [field, decimals] of Object.entries(fields)) {
      const v = item[field];
      if (typeof v !== 'number' || Math.abs(v) < 1) continue;
      const fraction = String(v).split('.')[1] ?? '';
      expect(fraction.length, `${field} ${v}`).toBeLessThanOrEqual(decimals);
    }
  }
}

const FROM = addDays(TODAY, -90);

describe('one record per insight, the same on the CLI and MCP', () => {
  it('anomalies -f json and find_anomalies', async () => {
    const cli = await cliJson(['anomalies', '--from', FROM]);
    const got = await tool('find_anomalies', { from: FROM });
    expect(cli.length).toBeGreaterThan(3);
    expect(got).toEqual(cli);
    expectRounded(cli, { z: 3, median: 2 });
  });

  it('compare -f json and compare_periods, over the same default periods', async () => {
    const cli = await cliJson(['compare']);
    const got = await tool('compare_periods', {});
    expect(cli.length).toBeGreaterThan(10);
    expect(got).toEqual(cli);
    expect(cli.some((r) => r['exceeds'] === true)).toBe(true);
    expectRounded(cli, { mean: 2, vs_mean: 2, change: 2, change_pct: 2, effect: 3 });
    // csv carries json's numbers, as written: the same text, no second rounding.
    const csv = (await run(['compare', '-f', 'csv'])).trim().split('\n');
    const header = (csv[0] ?? '').split(',');
    expect(header).toEqual(Object.keys(cli[0] ?? {}));
    csv.slice(1).forEach((line, i) => {
      const cells = line.split(',');
      for (const field of ['mean', 'vs_mean', 'change', 'change_pct', 'p', 'effect']) {
        const value = cli[i]?.[field];
        expect(cells[header.indexOf(field)], field).toBe(value === null ? '' : String(value));
      }
    });
  });

  it('correlate -f json and correlate, at every lag', async () => {
    const cli = await cliJson(['correlate', 'sleep_duration', 'hrv', '--lag', '0..3']);
    const got = await tool('correlate', {
      metric_a: 'sleep_duration',
      metric_b: 'hrv',
      lag_min: 0,
      lag_max: 3,
    });
    expect(cli.length).toBeGreaterThan(3);
    expect(got).toEqual(cli);
    expect(cli.every((r) => typeof r['too_few'] === 'boolean')).toBe(true);
    expectRounded(cli, { pearson: 3, spearman: 3 });
  });

  it('summary --by week and trend', async () => {
    const cli = await cliJson(['summary', '--by', 'week', '--from', FROM]);
    const got = await tool('trend', { from: FROM, by: 'week' });
    expect(cli.length).toBeGreaterThan(50);
    expect(got).toEqual(cli);
    expectRounded(cli, { mean: 2 });
  });

  it('the table shows the numbers json gives', async () => {
    const cli = await cliJson(['anomalies', '-m', 'resting_heart_rate', '--from', FROM]);
    const table = await run([
      'anomalies',
      '-m',
      'resting_heart_rate',
      '--from',
      FROM,
      '-f',
      'table',
    ]);
    expect(cli.length).toBeGreaterThan(0);
    for (const r of cli) expect(table).toContain(String(r['z']));
  });
});
