// summary --by, anomalies, compare and correlate end to end against the sandbox's planted
// signals (docs/sandbox.md). Expected values are computed here, independently, from the raw
// rows the sandbox serves over HTTP, and rounded as every surface rounds a statistic, once
// (src/lib/precision.ts: scores to 3 decimals, amounts to 2 or 3 significant digits).
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { amount, score } from '../../src/lib/precision.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inPty, sandboxEnv, widest } from '../helpers/pty.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[]) => runCli([...args, ...sandbox.args()], { clock });
const data = <T>(stdout: string): T[] => (JSON.parse(stdout) as { data: T[] }).data;

/** One provider's single daily rows of a metric, oldest first, as date → value. */
async function daily(metric: string, provider: string): Promise<Map<string, number>> {
  const rows: MetricRow[] = await allRows(
    sandbox.current,
    `metric=${metric}&provider=${provider}&from=2000-01-01`,
    1000,
  );
  const map = new Map<string, number>();
  for (const r of [...rows].reverse()) {
    expect(map.has(r.date), `one ${metric} row a day`).toBe(false);
    map.set(r.date, r.numValue as number);
  }
  return map;
}

const median = (values: number[]): number => {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
};
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

describe('anomalies', () => {
  it('finds the planted resting-HR rise of the last four days, against an independent baseline', async () => {
    const { code, stdout, stderr } = await cli([
      'anomalies',
      '-m',
      'resting_heart_rate',
      '--from',
      '60d',
      '-f',
      'json',
    ]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^anomalies: 4 days flagged of \d+ in 1 series/m);
    const flagged = data<{
      date: string;
      value: number;
      median: number;
      z: number;
      direction: string;
    }>(stdout);
    expect(flagged.map((a) => [a.date, a.direction])).toEqual(
      [0, 1, 2, 3].map((ago) => [addDays(TODAY, -ago), 'high']),
    );
    const series = await daily('resting_heart_rate', 'WristBand');
    for (const a of flagged) {
      const before = [...series]
        .filter(([d]) => d < a.date && d >= addDays(a.date, -28))
        .map(([, v]) => v);
      const m = median(before);
      const madValue = median(before.map((v) => Math.abs(v - m)));
      expect(a.value).toBe(series.get(a.date));
      expect(a.median).toBe(m);
      expect(a.z).toBe(score((0.6745 * (a.value - m)) / madValue));
    }
  });

  it('refuses a baseline that needs more days than its window', async () => {
    const { code, stderr } = await cli(['anomalies', '--window', '10', '--min-days', '14']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--min-days 14 is more than the --window of 10 days/);
  });
});

describe('correlate', () => {
  it('finds that ring sleep leads ring HRV by one day, with r computed independently', async () => {
    const { code, stdout, stderr } = await cli([
      'correlate',
      'sleep_duration',
      'hrv',
      '--lag',
      '0..3',
      '-p',
      'RingWear',
      '-f',
      'json',
    ]);
    expect(code).toBe(0);
    const rows = data<{ lag: number; n: number; pearson: number; strongest: boolean }>(stdout);
    expect(rows.map((r) => r.lag)).toEqual([0, 1, 2, 3]);
    const best = rows.find((r) => r.strongest);
    expect(best?.lag).toBe(1);
    expect(stderr).toMatch(/RingWear\/RingWear: r 0\.\d+ at lag 1/);

    const sleep = await daily('sleep_duration', 'RingWear');
    const hrv = await daily('hrv', 'RingWear');
    const x: number[] = [];
    const y: number[] = [];
    for (const [date, v] of sleep) {
      const next = hrv.get(addDays(date, 1));
      if (next !== undefined) {
        x.push(v);
        y.push(next);
      }
    }
    const mx = mean(x);
    const my = mean(y);
    const cov = x.reduce((a, v, i) => a + (v - mx) * ((y[i] as number) - my), 0);
    const r =
      cov /
      Math.sqrt(
        x.reduce((a, v) => a + (v - mx) ** 2, 0) * y.reduce((a, v) => a + (v - my) ** 2, 0),
      );
    expect(best?.n).toBe(x.length);
    expect(best?.pearson).toBe(score(r));
    expect(r).toBeGreaterThan(0.6);
  });

  it('refuses a text metric in one line, exit 2', async () => {
    const { code, stderr } = await cli(['correlate', 'sleep_quality', 'hrv']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'healthdata: error: sleep_quality is a text metric: it has no daily number to correlate — pick a numeric metric\n',
    );
  });
});

describe('compare', () => {
  it('the last 30 days against the 30 before: the planted active month is a change beyond the variation', async () => {
    const { code, stdout, stderr } = await cli([
      'compare',
      '-m',
      'steps',
      '-p',
      'WristBand',
      '-f',
      'json',
    ]);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      new RegExp(
        `compare: ${addDays(TODAY, -29)} to ${TODAY} against ${addDays(TODAY, -59)} to ${addDays(TODAY, -30)}: 1 of 1 changes`,
      ),
    );
    const [line] = data<{
      mean: number;
      vs_mean: number;
      change: number;
      days: number;
      exceeds: boolean;
      p: number;
    }>(stdout);
    const steps = await daily('steps', 'WristBand');
    const inRange = (from: number, to: number) =>
      [...steps]
        .filter(([d]) => d >= addDays(TODAY, -from) && d <= addDays(TODAY, -to))
        .map(([, v]) => v);
    expect(line?.mean).toBe(amount(mean(inRange(29, 0))));
    expect(line?.vs_mean).toBe(amount(mean(inRange(59, 30))));
    expect(line?.days).toBe(inRange(29, 0).length);
    expect(line?.change).toBeLessThan(0);
    expect(line?.exceeds).toBe(true);
    expect(line?.p).toBeLessThan(0.01);
  });

  it('--vs FROM:TO, and a bad period in one line', async () => {
    const ok = await cli([
      'compare',
      '-m',
      'hrv',
      '--from',
      '2026-10-01',
      '--to',
      '2026-10-31',
      '--vs',
      '2026-09-01:2026-09-30',
      '-f',
      'csv',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n')[0]).toBe(
      'metric,provider,unit,basis,mean,vs_mean,change,change_pct,days,vs_days,p,effect,exceeds,reason',
    );
    expect(ok.stdout.trim().split('\n')).toHaveLength(3); // header, RingWear, WristBand
    const bad = await cli(['compare', '--vs', 'last-month']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--vs 'last-month' is not a period — use FROM:TO/);
  });
});

describe('summary --by', () => {
  it('ISO weeks from Monday, with means from the raw rows, partial at the range ends', async () => {
    const from = '2026-10-01'; // a Thursday: its week is partial
    const { code, stdout } = await cli([
      'summary',
      '-m',
      'resting_heart_rate',
      '--by',
      'week',
      '--from',
      from,
      '-f',
      'json',
    ]);
    expect(code).toBe(0);
    const weeks = data<{ period: string; days: number; mean: number; partial: boolean }>(stdout);
    const series = await daily('resting_heart_rate', 'WristBand');
    expect(weeks[0]).toMatchObject({ period: '2026-09-28', partial: true });
    // TODAY is a Sunday: the range ends with its week, which is whole.
    expect(weeks.at(-1)).toMatchObject({ period: '2026-11-16', partial: false });
    for (const w of weeks) {
      expect(new Date(`${w.period}T00:00:00Z`).getUTCDay()).toBe(1);
      const values = [...series]
        .filter(([d]) => d >= w.period && d <= addDays(w.period, 6) && d >= from)
        .map(([, v]) => v);
      expect(w.days).toBe(values.length);
      expect(w.mean).toBe(amount(mean(values)));
    }
    expect(weeks.slice(1).every((w) => !w.partial)).toBe(true);
  });
});

describe('summary on a terminal', () => {
  it('shows how far the latest day stands from the baseline, as anomalies scores it', async () => {
    const env = sandboxEnv(sandbox.current, { NO_COLOR: '1' });
    const args = `summary -m resting_heart_rate,hrv --from 90d --no-pager -q`;
    const { code, screen } = await inPty(`hd ${args}`, { cols: 170, env });
    expect(code).toBe(0);
    expect(widest(screen)).toBeLessThanOrEqual(170);
    const lines = screen.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ latest {2}vs baseline {2}unit /);
    const rhr = lines.find((l) => l.startsWith('resting_heart_rate'));
    // The same z as `anomalies` gives the latest day, to one decimal.
    const scored = await cli([
      'anomalies',
      '-m',
      'resting_heart_rate',
      '--from',
      TODAY,
      '-f',
      'json',
    ]);
    const [today] = data<{ date: string; z: number }>(scored.stdout);
    expect(today?.date).toBe(TODAY);
    expect(rhr).toContain(` +${(today?.z as number).toFixed(1)}z `);
  });
});
