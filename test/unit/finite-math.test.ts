// The numeric primitives of the statistics (src/lib/finite-math.ts, src/insight/stats.ts and
// the rest) over finite doubles, extremes included (±1.8e308, 5e-324): every answer is finite
// and right, and on ordinary data it is the same double the plain formula gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DayTable } from '../../src/daily/day-table.ts';
import { comparePeriods, robustZ } from '../../src/insight/index.ts';
import { pearson, spearman } from '../../src/insight/stats.ts';
import {
  hasSpread,
  meanOf,
  midpoint,
  roundTo,
  sdOf,
  weightedMeanOf,
} from '../../src/lib/finite-math.ts';

/** Any finite double, extremes and subnormals included, and the extremes often. */
const anyDouble = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, -1e308, 5e-324, -5e-324, 0),
);
const values = fc.array(anyDouble, { minLength: 1, maxLength: 60 });
/** Ordinary data: what a health metric holds (two decimals; no subnormal, where plain formulas lose digits). */
const ordinary = fc.array(
  fc.integer({ min: -1e11, max: 1e11 }).map((n) => n / 100),
  { minLength: 2, maxLength: 60 },
);

/** A double as an exact integer times 2^-1074 (every double is one). */
function exact(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n ? -1n : 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  if (exponent === 0) return sign * fraction;
  return sign * ((fraction | (1n << 52n)) << BigInt(exponent - 1));
}
const abs = (n: bigint) => (n < 0n ? -n : n);

describe('meanOf', () => {
  it('is finite, within the values, and within n·2^-50 of max|x| of the exact mean', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const m = meanOf(xs);
        expect(Number.isFinite(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(m).toBeLessThanOrEqual(Math.max(...xs));
        const n = BigInt(xs.length);
        const sum = xs.reduce((s, x) => s + exact(x), 0n);
        const largest = xs.reduce((a, x) => (abs(exact(x)) > a ? abs(exact(x)) : a), 0n);
        // |m − sum/n| ≤ n · max|x| · 2^-50, in integers: |m·n − sum| ≤ n² · max|x| / 2^50.
        expect(abs(exact(m) * n - sum) <= (n * n * largest) / 2n ** 50n + n).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('is the plain mean on ordinary data', () => {
    fc.assert(
      fc.property(ordinary, (xs) => {
        const plain = xs.reduce((a, b) => a + b, 0) / xs.length;
        const lo = Math.min(...xs);
        const hi = Math.max(...xs);
        expect(meanOf(xs)).toBe(Math.min(hi, Math.max(lo, plain)));
      }),
    );
  });

  it('gives a constant back exactly, 1e308 and 5e-324 too', () => {
    for (const c of [1e308, Number.MAX_VALUE, -1e308, 5e-324, 0.1, 2 ** 53]) {
      expect(meanOf(new Array(60).fill(c))).toBe(c);
    }
    expect(meanOf([1e308, -1e308])).toBe(0);
  });
});

describe('weightedMeanOf and a day of rows (DayTable)', () => {
  it('are finite and within the values for any finite doubles', () => {
    fc.assert(
      fc.property(values, fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 60 }), (xs, w) => {
        const m = weightedMeanOf(xs, w.slice(0, xs.length));
        expect(Number.isFinite(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(m).toBeLessThanOrEqual(Math.max(...xs));
      }),
    );
  });

  it('a day of rows: its mean finite and within its rows, the plain mean while the sum is finite', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const days = new DayTable();
        const slot = days.add('2026-11-20');
        for (const x of xs) {
          days.rows[slot] = (days.rows[slot] as number) + 1;
          days.addValue(slot, x);
          days.min[slot] = Math.min(days.min[slot] as number, x);
          days.max[slot] = Math.max(days.max[slot] as number, x);
        }
        const m = days.meanAt(slot);
        expect(Number.isFinite(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(m).toBeLessThanOrEqual(Math.max(...xs));
        let plain = 0;
        let finiteAll = true;
        for (const x of xs) {
          plain += x;
          if (!Number.isFinite(plain)) finiteAll = false;
        }
        const lo = Math.min(...xs);
        const hi = Math.max(...xs);
        if (finiteAll) expect(m).toBe(Math.min(hi, Math.max(lo, plain / xs.length)));
      }),
    );
  });
});

describe('midpoint', () => {
  it('lies between a and b, and is (a + b) / 2 when that sum is finite', () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, (a, b) => {
        const m = midpoint(a, b);
        expect(m).toBeGreaterThanOrEqual(Math.min(a, b));
        expect(m).toBeLessThanOrEqual(Math.max(a, b));
        if (Number.isFinite(a + b)) expect(m).toBe((a + b) / 2);
      }),
      { numRuns: 3000 },
    );
    expect(midpoint(Number.MAX_VALUE, Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
    expect(midpoint(-1e308, 1e308)).toBe(0);
  });
});

describe('sdOf', () => {
  it('is finite and ≥ 0 for any finite doubles, 0 for a constant', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const sd = sdOf([...xs, ...xs]);
        expect(Number.isFinite(sd)).toBe(true);
        expect(sd).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
    expect(sdOf(new Array(60).fill(1e308))).toBe(0);
    expect(sdOf([1e308, -1e308])).toBeCloseTo(Math.SQRT2 * 1e308, -300);
  });

  it('is the plain formula on ordinary data, and scales exactly by powers of two', () => {
    fc.assert(
      fc.property(ordinary, (xs) => {
        const m = meanOf(xs);
        const plain = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
        expect(sdOf(xs)).toBe(plain);
        // 2^990 takes 1e9 to about 1e307: the same digits, nothing overflows.
        expect(sdOf(xs.map((x) => x * 2 ** 990))).toBe(plain * 2 ** 990);
      }),
    );
  });
});

describe('pearson and spearman', () => {
  it('are in [−1, 1] or null for any finite doubles', () => {
    fc.assert(
      fc.property(values, values, (xs, ys) => {
        const n = Math.min(xs.length, ys.length);
        for (const r of [
          pearson(xs.slice(0, n), ys.slice(0, n)),
          spearman(xs.slice(0, n), ys.slice(0, n)),
        ]) {
          if (r !== null) {
            expect(Number.isFinite(r)).toBe(true);
            expect(Math.abs(r)).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('give the same r for values near 1e307 as for the same values near 1', () => {
    fc.assert(
      fc.property(ordinary, ordinary, (xs, ys) => {
        const n = Math.min(xs.length, ys.length);
        const x = xs.slice(0, n);
        const y = ys.slice(0, n);
        const big = (v: number[]) => v.map((e) => e * 2 ** 990);
        expect(pearson(big(x), big(y))).toBe(pearson(x, y));
      }),
    );
  });

  it('have no r for a constant side, whatever its size', () => {
    const ramp = Array.from({ length: 30 }, (_, i) => i);
    for (const c of [1e308, 5e-324, 2 ** 53]) {
      expect(pearson(ramp, new Array(30).fill(c))).toBeNull();
    }
  });
});

describe('robustZ', () => {
  it('is finite or null for any finite doubles, null for a constant baseline', () => {
    fc.assert(
      fc.property(anyDouble, values, (v, xs) => {
        const z = robustZ(v, xs);
        if (z !== null) expect(Number.isFinite(z)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(robustZ(1e308, new Array(28).fill(1e308))).toBeNull();
  });

  it('does not change when value and baseline are scaled by a power of two', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }).map((n) => n / 100),
        ordinary,
        (v, xs) => {
          const k = 2 ** 990;
          expect(
            robustZ(
              v * k,
              xs.map((x) => x * k),
            ),
          ).toBe(robustZ(v, xs));
        },
      ),
    );
  });
});

describe('comparePeriods', () => {
  it('gives finite numbers or null for any finite doubles', () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        const c = comparePeriods(a, b);
        for (const x of [
          c.change,
          c.changePct,
          c.t,
          c.df,
          c.p,
          c.effect,
          c.current.mean,
          c.current.sd,
        ]) {
          if (x !== null) expect(Number.isFinite(x)).toBe(true);
        }
        if (c.p !== null) expect(c.p).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('never finds identical periods different', () => {
    fc.assert(
      fc.property(values, (a) => {
        const c = comparePeriods(a, [...a].reverse());
        expect(c.exceeds).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('roundTo', () => {
  it('is finite for any finite double, and two decimals as before on ordinary values', () => {
    fc.assert(
      fc.property(anyDouble, (x) => {
        expect(Number.isFinite(roundTo(x, 2))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        expect(roundTo(x, 2)).toBe(Math.round(x * 100) / 100);
      }),
    );
    expect(roundTo(1e308, 2)).toBe(1e308);
  });
});

describe('rounding noise is no spread (hasSpread)', () => {
  const ulp = 0.30000000000000004; // 0.1 + 0.2
  const noise = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 0.3 : ulp));
  const inStep = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 1e300 : 2e300));

  it('values one ulp apart have none; a real difference, at any magnitude, has some', () => {
    expect(hasSpread(noise)).toBe(false);
    expect(hasSpread([1e300, 1e300 * (1 + 2 ** -52)])).toBe(false);
    expect(hasSpread([7])).toBe(false);
    expect(hasSpread([0, 0])).toBe(false);
    expect(hasSpread(inStep)).toBe(true);
    expect(hasSpread([-1e308, 1e308])).toBe(true);
    expect(hasSpread([0, 5e-324])).toBe(true);
    fc.assert(
      fc.property(values, fc.double({ min: 1e-9, max: 1, noNaN: true }), (xs, share) => {
        // Two values `share` of the largest apart always have spread.
        // (Among normal doubles: a subnormal has too few bits to hold a one-in-1e9 difference.)
        const m = Math.max(...xs.map(Math.abs), 1e-300);
        return hasSpread([m, m * (1 - share)]) && !hasSpread(xs.map(() => xs[0] as number));
      }),
    );
  });

  it('correlate, anomalies and compare find nothing in rounding noise', () => {
    expect(pearson(inStep, noise)).toBeNull();
    expect(spearman(inStep, noise)).toBeNull();
    expect(robustZ(ulp, [...noise.slice(0, 27), 0.3])).toBeNull();
    const result = comparePeriods(noise, [...noise].reverse());
    expect(result.exceeds).toBe(false);
    expect(result.reason).toMatch(/no day-to-day variation/);
  });
});
