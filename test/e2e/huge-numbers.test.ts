// Numbers at the edges of the doubles (test/helpers/huge-numbers.ts) through the CLI and the
// report: every statistic is a finite double and the right one (a constant 1e308 has mean
// 1e308 and no anomaly; identical periods do not differ), 9007199254740993 is its nearest
// double rather than "text", numbers past every double (1e400) are counted and said, and the
// ordinary metric beside them is what it would be alone.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { modelOf } from '../helpers/report.ts';
import {
  dayAgo,
  FIRST,
  heldOn,
  hugeNumbersApi,
  LAST,
  SPIKE_AGO,
  stepsOn,
} from '../helpers/huge-numbers.ts';
import { hd, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();
const RANGE = ['--from', FIRST, '--to', LAST];

type Item = Record<string, unknown> & { metric: string };
const items = (stdout: string): Item[] => (JSON.parse(stdout) as { data: Item[] }).data;
const byMetric = (list: Item[], metric: string): Item => {
  const found = list.find((i) => i.metric === metric);
  if (found === undefined) throw new Error(`no ${metric}`);
  return found;
};

/** Every number in a JSON text is finite: JSON writes NaN and Infinity as null, so look there. */
function expectAllFinite(value: unknown, path = '$'): void {
  if (typeof value === 'number') expect(Number.isFinite(value), path).toBe(true);
  else if (Array.isArray(value)) value.forEach((v, i) => expectAllFinite(v, `${path}[${i}]`));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) expectAllFinite(v, `${path}.${k}`);
}

const steps = Array.from({ length: 60 }, (_, i) => stepsOn(i));
const plainMean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('numbers at the edges of the doubles', () => {
  it('summary -f json: finite, right statistics for each; 1e400 counted and said', async () => {
    const server = await serve(hugeNumbersApi());
    const r = await hd(server.url, ['summary', ...RANGE, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const list = items(r.stdout);

    const constant = byMetric(list, 'huge_constant');
    expect(constant).toMatchObject({ rule: 'row', days: 60, min: 1e308, mean: 1e308, max: 1e308 });
    expect(constant['median']).toBe(1e308);
    const daily = constant['daily'] as { value: number | null }[];
    expect(daily.map((d) => d.value)).toEqual(new Array(60).fill(1e308));

    const near = byMetric(list, 'near_max');
    // Within an ulp or two of 1.25e308 (the values are each their decimal's nearest double).
    expect(Math.abs((near['mean'] as number) / 1.25e308 - 1)).toBeLessThan(5e-16);
    expect(near['median']).toBe(1.25e308);
    expect(near).toMatchObject({ min: 1e308, max: 1.5e308 });

    const opposed = byMetric(list, 'opposed');
    expect(opposed).toMatchObject({ mean: 0, median: 0, min: -1e308, max: 1e308 });

    const tiny = byMetric(list, 'tiny');
    expect(tiny).toMatchObject({ rule: 'row', days: 60, min: 5e-324, median: 5e-324, max: 5e-324 });

    // Its nearest double, 2^53: a measurement, not text.
    const big = byMetric(list, 'big_integer');
    expect(big).toMatchObject({ rule: 'row', days: 60, mean: 2 ** 53, median: 2 ** 53 });

    const unheld = byMetric(list, 'unheld');
    expect(unheld).toMatchObject({ rule: 'row', days: 12, min: 50, max: 52 });
    expect(unheld['note']).toBe(
      '48 values could not be held by a double (past ±1.8e308) and were left out',
    );
    expect(r.stderr).toContain(
      'warning: 48 values of unheld from P could not be held by a double (past ±1.8e308) and were left out',
    );

    // The ordinary metric is what it is alone.
    expect(byMetric(list, 'steps')).toMatchObject({
      mean: Math.round(plainMean(steps) * 100) / 100,
      min: 8000,
      max: 30_000,
    });
    expectAllFinite(list);
    // JSON writes NaN and Infinity as null: every numeric line has all its numbers.
    for (const line of list) {
      expect([line['min'], line['mean'], line['median'], line['max']], line.metric).not.toContain(
        null,
      );
      const days = line['daily'] as { value: number | null }[];
      expect(
        days.map((d) => d.value),
        line.metric,
      ).not.toContain(null);
    }
  });

  it('summary --by week: every mean finite and right', async () => {
    const server = await serve(hugeNumbersApi());
    const r = await hd(server.url, ['summary', ...RANGE, '--by', 'week', '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const list = items(r.stdout);
    expectAllFinite(list);
    const weeks = list.filter((i) => i.metric === 'huge_constant');
    expect(weeks.length).toBeGreaterThan(8);
    for (const w of weeks) expect(w['mean']).toBe(1e308);
    // The held days only (one or two a week): their mean, within 50..52.
    const held = list.filter((i) => i.metric === 'unheld');
    expect(held.map((w) => w['days']).reduce((a, b) => (a as number) + (b as number), 0)).toBe(12);
    for (const w of held) {
      expect(w['mean'] as number).toBeGreaterThanOrEqual(50);
      expect(w['mean'] as number).toBeLessThanOrEqual(52);
    }
  });

  it('anomalies: none on a constant or steady series, the spike of the ordinary one', async () => {
    const server = await serve(hugeNumbersApi());
    const r = await hd(server.url, ['anomalies', ...RANGE, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const list = items(r.stdout);
    expectAllFinite(list);
    expect(list.map((a) => [a.metric, a['date']])).toEqual([['steps', dayAgo(SPIKE_AGO)]]);
    expect(r.stderr).toContain('48 values of unheld from P could not be held by a double');
  });

  it('compare: identical periods do not differ; no NaN, no p of 0', async () => {
    const server = await serve(hugeNumbersApi());
    const r = await hd(server.url, ['compare', '--from', dayAgo(29), '--to', LAST, '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const list = items(r.stdout);
    expectAllFinite(list);
    const constant = byMetric(list, 'huge_constant');
    expect(constant).toMatchObject({ mean: 1e308, vs_mean: 1e308, change: 0, exceeds: false });
    expect(constant['reason']).toBe('no day-to-day variation in either period: no test');
    // near_max holds the same six values in each half: no change beyond the variation.
    const near = byMetric(list, 'near_max');
    expect(near['exceeds']).toBe(false);
    expect(near['p'] as number).toBeGreaterThan(0.9);
    const opposed = byMetric(list, 'opposed');
    expect(opposed).toMatchObject({ mean: 0, vs_mean: 0, change: 0, exceeds: false });
    const now = steps.slice(0, 30);
    const before = steps.slice(30);
    const step = byMetric(list, 'steps');
    expect(step['mean']).toBeCloseTo(plainMean(now), 2);
    expect(step['vs_mean']).toBeCloseTo(plainMean(before), 2);
    for (const i of list) expect(i['exceeds'], i.metric).toBe(false);
  });

  it('correlate: finite r for huge values, none for a constant', async () => {
    const server = await serve(hugeNumbersApi());
    const cli = (a: string, b: string) =>
      hd(server.url, ['correlate', a, b, ...RANGE, '--lag', '0', '-f', 'json']);
    const withConstant = await cli('steps', 'huge_constant');
    expect(withConstant.code, withConstant.stderr).toBe(0);
    for (const i of items(withConstant.stdout)) expect(i['pearson'] ?? null).toBeNull();
    // opposed alternates ±1e308; near_max cycles every 6 days: r is a number in [-1, 1].
    const huge = await cli('opposed', 'near_max');
    expect(huge.code, huge.stderr).toBe(0);
    const [r] = items(huge.stdout);
    expectAllFinite(r);
    const even = [0, 2, 4].map((k) => 10 + k);
    const odd = [1, 3, 5].map((k) => 10 + k);
    // Pairs: +1 with 10, 12, 14 and −1 with 11, 13, 15 — r from those values alone.
    const xs = [...even.map(() => 1), ...odd.map(() => -1)];
    const ys = [...even, ...odd];
    const mx = plainMean(xs);
    const my = plainMean(ys);
    const sxy = xs.reduce((s, x, k) => s + (x - mx) * ((ys[k] as number) - my), 0);
    const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    const syy = ys.reduce((s, y) => s + (y - my) ** 2, 0);
    expect(r?.['pearson'] as number).toBeCloseTo(sxy / Math.sqrt(sxx * syy), 2);
  });

  it('chart and the summary table: the axis spans ±1e308, labels in scientific notation', async () => {
    const server = await serve(hugeNumbersApi());
    const r = await hd(server.url, ['chart', 'opposed', 'near_max', ...RANGE]);
    expect(r.code, r.stderr).toBe(0);
    const labels = r.stdout
      .split('\n')
      .filter((l) => l.includes('┤'))
      .map((l) => l.split('┤')[0]?.trim());
    expect(labels[0]).toBe('1.5e308');
    expect(labels.at(-1)).toBe('-1e308');
    expect(r.stdout).not.toMatch(/NaN|Infinity|∞/);
    const table = await hd(server.url, ['summary', ...RANGE, '-f', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/huge_constant.*1e308/);
    expect(table.stdout).not.toMatch(/NaN|Infinity|∞/);
  });

  it('report: the embedded model holds no NaN or Infinity and flags no day of a steady series', async () => {
    const server = await serve(hugeNumbersApi());
    const file = join(tempDir('healthdata-report-'), 'edges.html');
    const r = await hd(server.url, ['report', ...RANGE, '-o', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('48 values of unheld from P could not be held by a double');
    // Said once: for the range shown, not again for the baseline's lead-in days.
    expect(r.stderr.match(/could not be held/g)).toHaveLength(1);
    const model = modelOf(file);
    expectAllFinite(model);
    const line = (metric: string) => {
      const found = model.series.find((s) => s.metric === metric);
      if (found === undefined) throw new Error(`no ${metric} in the report`);
      return found;
    };
    for (const metric of ['huge_constant', 'near_max', 'opposed', 'tiny', 'big_integer']) {
      const s = line(metric);
      expect(s.anomalies, metric).toEqual([]);
      // JSON writes NaN and Infinity as null: a day with data has its value, a day with a z
      // its baseline and band.
      expect(
        s.values.filter((v) => v !== null),
        metric,
      ).toHaveLength(60);
      s.z.forEach((z, i) => {
        if (z === null) return;
        expect([s.median[i], s.low[i], s.high[i]], `${metric} day ${i}`).not.toContain(null);
      });
      expect(
        s.periodMean.filter((v) => v !== null),
        metric,
      ).toHaveLength(60);
    }
    expect(line('opposed').z.filter((z) => z !== null).length).toBeGreaterThan(20);
    expect(line('steps').anomalies.map((a) => a.date)).toEqual([dayAgo(SPIKE_AGO)]);
    const constant = line('huge_constant');
    expect(constant.summary.mean).toBe(1e308);
    expect(constant.values.filter((v) => v !== null)).toEqual(new Array(60).fill(1e308));
    expect(constant.periods.every((p) => p.mean === 1e308)).toBe(true);
    const unheld = line('unheld');
    expect(unheld.summary.days).toBe(12);
    expect(unheld.values.filter((v) => v !== null)).toHaveLength(12);
    expect(unheld.summary.note).toContain('48 values could not be held by a double');
    // Exactly the days with a number a double holds.
    const held = new Set(
      Array.from({ length: 60 }, (_, i) => i)
        .filter(heldOn)
        .map(dayAgo),
    );
    expect(unheld.periods.reduce((n, p) => n + p.days, 0)).toBe(held.size);
  });

  it('report: 1e400 in the baseline lead-in before the range is not said as the range', async () => {
    const server = await serve(hugeNumbersApi());
    const file = join(tempDir('healthdata-report-'), 'lead-in.html');
    const r = await hd(server.url, [
      'report',
      '-m',
      'unheld',
      '--from',
      dayAgo(29),
      '--to',
      LAST,
      '-o',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    // Days 0–29: 6 held, 24 past every double; the 28 lead-in days hold more, unsaid.
    expect(r.stderr.match(/could not be held[^\n]*/g)).toEqual([
      'could not be held by a double (past ±1.8e308) and were left out',
    ]);
    expect(r.stderr).toContain('warning: 24 values of unheld from P could not be held');
    expect(modelOf(file).series[0]?.summary.days).toBe(6);
  });
});
