// trend, find_anomalies, compare_periods and correlate through the SDK's own client, against
// the sandbox's planted signals: each answer equals what the CLI command computes on the same
// data (one implementation, src/insight), and carries its rule and caveats in the tool's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
});
afterAll(async () => {
  await mcp.close();
});

const cli = async (args: string[]): Promise<Record<string, unknown>[]> => {
  const { code, stdout, stderr } = await runCli([...args, ...sandbox.args(), '-f', 'json'], {
    clock: fixedClock(TODAY),
  });
  expect(code, stderr).toBe(0);
  return (JSON.parse(stdout) as { data: Record<string, unknown>[] }).data;
};
const items = (structured: Record<string, unknown>) =>
  structured['items'] as Record<string, unknown>[];

describe('the insight tools', () => {
  it('find_anomalies: the resting-HR rise, as `healthdata anomalies` finds it', async () => {
    const from = addDays(TODAY, -60);
    const got = await mcp.call('find_anomalies', { metrics: ['resting_heart_rate'], from });
    expect(got.isError, got.text).toBe(false);
    const expected = await cli(['anomalies', '-m', 'resting_heart_rate', '--from', from]);
    expect(items(got.structured).map((i) => [i['date'], i['value'], i['median'], i['z']])).toEqual(
      expected.map((e) => [e['date'], e['value'], e['median'], e['z']]),
    );
    expect(items(got.structured)).toHaveLength(4);
    expect(got.structured['rule']).toMatch(/0\.6745 × \(value − median\) \/ MAD/);
    expect((got.structured['notes'] as string[]).join(' ')).toMatch(/MAD of 0 is never divided by/);
  });

  it('correlate: ring sleep leads ring HRV by a day, as `healthdata correlate` says', async () => {
    const got = await mcp.call('correlate', {
      metric_a: 'sleep_duration',
      metric_b: 'hrv',
      providers: ['RingWear'],
      lag_min: 0,
      lag_max: 3,
    });
    expect(got.isError, got.text).toBe(false);
    const best = items(got.structured).find((i) => i['strongest'] === true);
    expect(best).toMatchObject({ lag: 1, too_few: false });
    const expected = await cli([
      'correlate',
      'sleep_duration',
      'hrv',
      '--lag',
      '0..3',
      '-p',
      'RingWear',
    ]);
    expect(items(got.structured).map((i) => i['pearson'])).toEqual(
      expected.map((e) => e['pearson']),
    );
  });

  it('compare_periods: the active month against the last 30 days, as `healthdata compare`', async () => {
    const got = await mcp.call('compare_periods', { metrics: ['steps'], providers: ['WristBand'] });
    expect(got.isError, got.text).toBe(false);
    const [line] = items(got.structured);
    const [expected] = await cli(['compare', '-m', 'steps', '-p', 'WristBand']);
    expect(line).toMatchObject({ exceeds: true, mean: expected?.['mean'], p: expected?.['p'] });
    expect(got.structured['rule']).toMatch(/Welch's t-test/);
  });

  it('trend: monthly means with partial periods marked, as `summary --by month`', async () => {
    const from = addDays(TODAY, -100);
    const got = await mcp.call('trend', { metrics: ['hrv'], from, by: 'month' });
    expect(got.isError, got.text).toBe(false);
    const expected = await cli(['summary', '-m', 'hrv', '--from', from, '--by', 'month']);
    expect(
      items(got.structured).map((i) => [i['provider'], i['period'], i['mean'], i['partial']]),
    ).toEqual(expected.map((e) => [e['provider'], e['period'], e['mean'], e['partial']]));
    expect(items(got.structured).some((i) => i['partial'] === true)).toBe(true);
  });

  it('answers under a small cap say what they left out; a bad option is an error result', async () => {
    const small = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
    try {
      const got = await mcp.call('trend', { by: 'week' });
      expect(got.isError).toBe(false);
      expect(got.bytes).toBeLessThanOrEqual(256 * 1024);
      const bad = await small.call('find_anomalies', { window: 10, min_days: 20 });
      expect(bad.isError).toBe(true);
      expect(bad.text).toBe(
        'healthdata: error: min_days 20 is more than window 10 — lower min_days, or widen window',
      );
      const lags = await small.call('correlate', {
        metric_a: 'hrv',
        metric_b: 'steps',
        lag_min: 3,
        lag_max: 1,
      });
      expect(lags.isError).toBe(true);
      expect(lags.text).toBe('healthdata: error: lag_min 3 is more than lag_max 1 — swap them');
    } finally {
      await small.close();
    }
  });

  it('a from before the history floor: every tool says so, and trend marks the cut period partial, as the CLI does', async () => {
    const from = addDays(TODAY, -500);
    const got = await mcp.call('trend', {
      metrics: ['hrv'],
      providers: ['RingWear'],
      from,
      by: 'year',
    });
    expect(got.isError, got.text).toBe(false);
    const expected = await cli([
      'summary',
      '-m',
      'hrv',
      '-p',
      'RingWear',
      '--from',
      from,
      '--by',
      'year',
    ]);
    expect(items(got.structured).map((i) => [i['period'], i['days'], i['partial']])).toEqual(
      expected.map((e) => [e['period'], e['days'], e['partial']]),
    );
    // The first year starts before the floor: only part of it can be read.
    expect(items(got.structured)[0]?.['partial']).toBe(true);
    const clamp = got.structured['clamp'] as { requested_from: string; effective_from: string };
    expect(clamp.requested_from).toBe(from);
    const floor = clamp.effective_from;
    expect(floor > from).toBe(true);
    for (const [tool, args] of [
      ['find_anomalies', { metrics: ['hrv'], from }],
      ['correlate', { metric_a: 'sleep_duration', metric_b: 'hrv', from }],
      ['compare_periods', { metrics: ['hrv'], from, to: addDays(TODAY, -200) }],
    ] as const) {
      const answer = await mcp.call(tool, args);
      expect(answer.isError, answer.text).toBe(false);
      // compare_periods reads from its earlier period's start (before `from` here).
      const said = answer.structured['clamp'] as { requested_from: string; effective_from: string };
      expect(said.effective_from, tool).toBe(floor);
      expect(said.requested_from <= from, tool).toBe(true);
      expect((answer.structured['notes'] as string[])[0], tool).toMatch(
        new RegExp(`^from ${said.requested_from} was clamped to ${floor}, the history floor`),
      );
    }
    // With no from, a period reaching before the floor is partial too.
    const open = await mcp.call('trend', { metrics: ['hrv'], providers: ['RingWear'], by: 'year' });
    expect(items(open.structured)[0]?.['partial']).toBe(true);
    expect(open.structured['clamp']).toBeNull();
  });

  it('compare_periods warns that p says little only when a period has few days', async () => {
    const month = await mcp.call('compare_periods', { metrics: ['hrv'], providers: ['RingWear'] });
    const notes = (a: typeof month) => (a.structured['notes'] as string[]).join(' ');
    expect(notes(month)).not.toMatch(/p says little/);
    expect(month.text.split('\n')[0]).toMatch(/^1 comparison, /);
    const week = await mcp.call('compare_periods', {
      metrics: ['hrv'],
      providers: ['RingWear'],
      from: addDays(TODAY, -4),
    });
    expect(notes(week)).toMatch(/With few days in a period \(under about 10\), p says little\./);
  });
});
