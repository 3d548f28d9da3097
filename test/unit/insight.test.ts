// The insight statistics against independent calculations: small examples worked by hand, p
// values and correlations from SciPy 1.17 (scipy.stats.t.sf, ttest_ind(equal_var=False),
// pearsonr, spearmanr; the values are pasted here), and property tests against deliberately
// naive reference implementations over random series with gaps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byPeriod,
  comparePeriods,
  correlate,
  DEFAULT_RULE,
  findAnomalies,
  periodStart,
  robustZ,
  scoreDays,
  type DailyPoint,
} from '../../src/insight/index.ts';
import { pearson, spearman } from '../../src/insight/stats.ts';
import { twoSidedP } from '../../src/insight/student-t.ts';

const DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (n: number): string => new Date(n * DAY).toISOString().slice(0, 10);

/** Random series: increasing dates with gaps of 1-4 days, integer-ish values. */
const series = (minLength = 0, maxLength = 80): fc.Arbitrary<DailyPoint[]> =>
  fc
    .record({
      start: fc.integer({ min: dayNumber('2023-01-01'), max: dayNumber('2026-01-01') }),
      steps: fc.array(
        fc.record({ gap: fc.integer({ min: 1, max: 4 }), value: fc.integer({ min: 0, max: 50 }) }),
        { minLength, maxLength },
      ),
    })
    .map(({ start, steps }) => {
      let n = start;
      return steps.map(({ gap, value }) => ({ date: dateOf((n += gap)), value }));
    });

const naiveMedian = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
};

describe('periods', () => {
  it('weeks start on Monday (ISO 8601), months and years on their first day', () => {
    expect(periodStart('2026-11-25', 'week')).toBe('2026-11-23'); // a Wednesday
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28'); // across the year
    expect(periodStart('2026-02-28', 'month')).toBe('2026-02-01');
    expect(periodStart('2026-02-28', 'year')).toBe('2026-01-01');
  });

  it('a hand-worked month: mean, min, max, days; partial at the range ends', () => {
    const days = [
      { date: '2026-01-30', value: 10 },
      { date: '2026-02-01', value: 4 },
      { date: '2026-02-10', value: 8 },
      { date: '2026-02-28', value: 6 },
      { date: '2026-03-01', value: 1 },
    ];
    const lines = byPeriod(days, 'month', { from: '2026-01-15', to: '2026-03-01' });
    // Each period keeps its days (for min and max to be shown as their days are).
    expect(lines.map((l) => l.points)).toEqual([days.slice(0, 1), days.slice(1, 4), days.slice(4)]);
    expect(lines.map((l) => ({ ...l, points: undefined }))).toEqual([
      {
        period: '2026-01-01',
        end: '2026-01-31',
        days: 1,
        mean: 10,
        min: 10,
        max: 10,
        partial: true,
      },
      { period: '2026-02-01', end: '2026-02-28', days: 3, mean: 6, min: 4, max: 8, partial: false },
      { period: '2026-03-01', end: '2026-03-31', days: 1, mean: 1, min: 1, max: 1, partial: true },
    ]);
  });

  it('matches a naive grouping by day number (1970-01-05 was a Monday)', () => {
    fc.assert(
      fc.property(series(), (s) => {
        const lines = byPeriod(s, 'week', { from: null, to: null });
        const groups = new Map<number, number[]>();
        for (const p of s) {
          const week = Math.floor((dayNumber(p.date) - 4) / 7);
          groups.set(week, [...(groups.get(week) ?? []), p.value]);
        }
        expect(lines.map((l) => l.period)).toEqual(
          [...groups.keys()].sort((a, b) => a - b).map((w) => dateOf(w * 7 + 4)),
        );
        for (const line of lines) {
          const values = groups.get(Math.floor((dayNumber(line.period) - 4) / 7)) as number[];
          expect(line.days).toBe(values.length);
          expect(line.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
          expect(line.min).toBe(Math.min(...values));
          expect(line.max).toBe(Math.max(...values));
          expect(line.partial).toBe(false);
        }
      }),
    );
  });
});

describe('baselines and anomalies', () => {
  it('a hand-worked robust z', () => {
    // Baseline 10, 12, 11, 13, 9: median 11, deviations 1,1,0,2,2 → MAD 1.
    expect(robustZ(20, [10, 12, 11, 13, 9])).toBeCloseTo(0.6745 * 9, 12);
    expect(robustZ(8, [10, 12, 11, 13, 9])).toBeCloseTo(-0.6745 * 3, 12);
  });

  it('a MAD of 0 is never divided by: mean absolute deviation, then no z at all', () => {
    // 60 ×4 and 70: median 60, MAD 0; mean absolute deviation 2 → z = 15 / (1.253314 × 2).
    expect(robustZ(75, [60, 60, 60, 60, 70])).toBeCloseTo(15 / (1.253314 * 2), 9);
    expect(robustZ(75, [60, 60, 60])).toBeNull();
  });

  it('flags a planted spike only once 14 of the 28 days before it have data', () => {
    const days: DailyPoint[] = [];
    for (let i = 0; i < 40; i++) days.push({ date: dateOf(20000 + i), value: 60 + (i % 3) });
    days[13] = { date: dateOf(20013), value: 90 }; // 13 days before it: no baseline
    days[30] = { date: dateOf(20030), value: 90 };
    days[35] = { date: dateOf(20035), value: 40 };
    const flagged = findAnomalies(days, DEFAULT_RULE);
    expect(flagged.map((a) => [a.date, a.direction])).toEqual([
      [dateOf(20030), 'high'],
      [dateOf(20035), 'low'],
    ]);
    expect(flagged[0]?.baseline).toEqual({ median: 61, mad: 1, days: 28 });
  });

  it('matches a brute-force baseline over random series with gaps', () => {
    const rule = { window: 10, minDays: 4, threshold: 2 };
    fc.assert(
      fc.property(series(0, 60), (s) => {
        const scored = scoreDays(s, rule);
        const expected = s.flatMap((p) => {
          const values = s
            .filter((q) => q.date < p.date && dayNumber(q.date) >= dayNumber(p.date) - 10)
            .map((q) => q.value);
          if (values.length < 4) return [];
          const med = naiveMedian(values);
          const madValue = naiveMedian(values.map((v) => Math.abs(v - med)));
          const meanAd = values.reduce((a, v) => a + Math.abs(v - med), 0) / values.length;
          const z =
            madValue > 0
              ? (0.6745 * (p.value - med)) / madValue
              : meanAd > 0
                ? (p.value - med) / (1.253314 * meanAd)
                : null;
          return [{ date: p.date, median: med, mad: madValue, z }];
        });
        expect(
          scored.map((d) => ({
            date: d.date,
            median: d.baseline.median,
            mad: d.baseline.mad,
            z: d.z,
          })),
        ).toEqual(expected);
      }),
    );
  });
});

describe('comparisons', () => {
  it("Student's t two-sided p matches SciPy", () => {
    expect(twoSidedP(2.0, 10)).toBeCloseTo(0.07338803477074037, 10);
    expect(twoSidedP(2.228138851986, 10)).toBeCloseTo(0.05, 10);
    expect(twoSidedP(0.5, 3.7)).toBeCloseTo(0.6453356333199318, 10);
    expect(twoSidedP(5, 50)).toBeCloseTo(7.4332122472325795e-6, 12);
    expect(twoSidedP(-1.3, 1)).toBeCloseTo(0.41742880032030544, 10);
    expect(twoSidedP(0, 7)).toBe(1);
  });

  it("Welch's t-test matches SciPy's ttest_ind(equal_var=False)", () => {
    const c = comparePeriods([1, 2, 3, 4, 5], [2, 4, 6, 8, 10, 12]);
    expect(c.t).toBeCloseTo(-2.3763541031440183, 10);
    expect(c.df).toBeCloseTo(6.972255729794934, 9);
    expect(c.p).toBeCloseTo(0.04928433820673053, 10);
    expect(c.exceeds).toBe(true);
    expect(c.change).toBe(-4);
    expect(c.changePct).toBeCloseTo(-57.142857142857, 9);
    expect(c.current).toMatchObject({ days: 5, mean: 3 });
  });

  it('says why there is no test rather than dividing by zero', () => {
    expect(comparePeriods([5], [1, 2])).toMatchObject({ t: null, exceeds: false });
    expect(comparePeriods([3, 3], [3, 3]).reason).toMatch(/no day-to-day variation/);
    expect(comparePeriods([1, 2], [0, 0]).changePct).toBeNull();
  });
});

describe('correlations', () => {
  it('Pearson and Spearman (with ties) match SciPy', () => {
    const x = [1, 2, 2, 3, 5, 8, 8, 9];
    const y = [2, 1, 4, 4, 6, 7, 9, 8];
    expect(pearson(x, y)).toBeCloseTo(0.9291260336209021, 12);
    expect(spearman(x, y)).toBeCloseTo(0.9030468880657605, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('finds a planted one-day lead and flags too few pairs', () => {
    const a: DailyPoint[] = [];
    const b: DailyPoint[] = [];
    for (let i = 0; i < 30; i++) {
      const v = (i * 37) % 11;
      a.push({ date: dateOf(20000 + i), value: v });
      b.push({ date: dateOf(20001 + i), value: 2 * v + 1 });
    }
    const result = correlate(a, b, 0, 3);
    expect(result.best).toMatchObject({ lag: 1, n: 30, tooFew: false });
    expect(result.best?.pearson).toBeCloseTo(1, 12);
    expect(correlate(a.slice(0, 10), b, 1, 1).lags[0]).toMatchObject({ n: 10, tooFew: true });
  });

  it('matches naive pairing and an O(n²) rank reference over random series', () => {
    const rank = (xs: number[]): number[] =>
      xs.map((v) => xs.filter((w) => w < v).length + (xs.filter((w) => w === v).length + 1) / 2);
    const r = (xs: number[], ys: number[]): number | null => {
      const n = xs.length;
      const mx = xs.reduce((a, b) => a + b, 0) / n;
      const my = ys.reduce((a, b) => a + b, 0) / n;
      const cov = xs.reduce((a, v, i) => a + (v - mx) * ((ys[i] as number) - my), 0);
      const sx = Math.sqrt(xs.reduce((a, v) => a + (v - mx) ** 2, 0));
      const sy = Math.sqrt(ys.reduce((a, v) => a + (v - my) ** 2, 0));
      return n < 2 || sx === 0 || sy === 0 ? null : cov / (sx * sy);
    };
    fc.assert(
      fc.property(series(0, 50), series(0, 50), fc.integer({ min: 0, max: 7 }), (a, b, lag) => {
        const got = correlate(a, b, lag, lag).lags[0];
        const x: number[] = [];
        const y: number[] = [];
        for (const p of a) {
          const q = b.find((d) => dayNumber(d.date) === dayNumber(p.date) + lag);
          if (q) {
            x.push(p.value);
            y.push(q.value);
          }
        }
        expect(got?.n).toBe(x.length);
        const close = (u: number | null | undefined, v: number | null): void => {
          if (v === null) expect(u).toBeNull();
          else expect(u).toBeCloseTo(v, 9);
        };
        close(got?.pearson, r(x, y));
        close(got?.spearman, x.length < 2 ? null : r(rank(x), rank(y)));
      }),
    );
  });
});
