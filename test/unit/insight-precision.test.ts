// The one rounding of the insight records (src/lib/precision.ts), the one rule of which
// twins a daily read asks for (src/daily/asked-names.ts), and the one bounded summary reader's
// two ways to meet a bound (src/daily/bounded-reader.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { namesToFetch } from '../../src/daily/asked-names.ts';
import { newReadState, readSummaries } from '../../src/daily/bounded-reader.ts';
import { DEFAULT_SUMMARY_BOUNDS, SummaryTooLarge } from '../../src/daily/index.ts';
import { amount, score } from '../../src/lib/precision.ts';

describe('statistics rounded once', () => {
  it('gives the issue’s examples a sensible precision', () => {
    expect(score(4.9463333333333335)).toBe(4.946);
    expect(amount(-3738.3999999999996)).toBe(-3738.4);
    expect(amount(55.714285714285715)).toBe(55.71);
    expect(amount(0.000123456)).toBe(0.000123);
    expect(amount(0.5)).toBe(0.5);
    expect(score(null)).toBeNull();
    expect(amount(null)).toBeNull();
  });

  it('keeps what it cannot round: past 2^52, and too small for 15 decimals', () => {
    expect(amount(1e308)).toBe(1e308);
    expect(amount(-Number.MAX_VALUE)).toBe(-Number.MAX_VALUE);
    expect(amount(2 ** 53 + 2)).toBe(2 ** 53 + 2);
    expect(amount(1e-300)).toBe(1e-300);
    expect(score(1e300)).toBe(1e300);
  });

  it('never writes -0', () => {
    expect(Object.is(score(-0.0001), 0)).toBe(true);
    expect(Object.is(amount(-0), -0)).toBe(true); // 0 given is 0 kept, as JSON writes it
  });

  it('is idempotent and within half a unit of the last kept digit, for any finite double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        for (const round of [amount, score]) {
          const once = round(x);
          expect(round(once)).toBe(once);
          expect(Number.isFinite(once)).toBe(true);
        }
        const a = amount(x);
        if (Math.abs(x) >= 1 && Math.abs(x) < 2 ** 52) {
          expect(Math.abs(a - x)).toBeLessThanOrEqual(0.005 + Math.abs(x) * 1e-15);
        }
        if (Math.abs(x) < 1 && x !== 0 && Math.abs(x) > 1e-12) {
          expect(Math.abs(a - x) / Math.abs(x)).toBeLessThanOrEqual(0.005);
        }
      }),
    );
  });
});

describe('the twins a daily read asks for', () => {
  it('those the catalog lists; none it lacks; every twin when it could not be read', () => {
    const catalog = new Set(['steps', 'steps_total', 'hrv']);
    expect(namesToFetch(['steps', 'hrv'], catalog)).toEqual(['steps', 'hrv', 'steps_total']);
    expect(namesToFetch(['steps', 'hrv'], undefined)).toEqual([
      'steps',
      'hrv',
      'steps_total',
      'hrv_total',
    ]);
    // Asked for itself, a twin is asked once; a name twice is sent once.
    expect(namesToFetch(['steps_total', 'steps', 'steps'], catalog)).toEqual([
      'steps_total',
      'steps',
    ]);
  });
});

const row = (date: string, metric: string, value: number): MetricRow => ({
  date,
  provider: 'P',
  metric,
  numValue: value,
  textValue: null,
  unit: null,
  stream: false,
});

describe('the bounded summary reader', () => {
  // Each page brings 50 new metrics, about 690 bytes each with its day: a budget of 120 × 700
  // bytes holds two pages and is passed in the middle of the third.
  const pages = Array.from({ length: 6 }, (_, p) => ({
    data: Array.from({ length: 50 }, (_, i) => row(`2026-11-${20 - p}`, `m${p}-${i}`, i)),
    next_cursor: p < 5 ? `c${p + 1}` : null,
    meta: undefined,
  }));
  const bounds = { ...DEFAULT_SUMMARY_BOUNDS, maxBytes: 120 * 700 };

  it('fails past its bounds when asked to fail (the CLI)', async () => {
    await expect(readSummaries(pages, { bounds })).rejects.toBeInstanceOf(SummaryTooLarge);
  });

  it('stops there when asked to stop (MCP), keeping what it read, and says where', async () => {
    const state = newReadState();
    const lines = await readSummaries(pages, { bounds, stop: { maxPages: 500 } }, state);
    expect(state.stopped).toBe('bytes');
    expect(state.pages).toBe(3);
    expect(state.oldest).toBe('2026-11-18');
    expect(lines.length).toBeGreaterThanOrEqual(100);
    expect(lines.length).toBeLessThan(150);
  });

  it('stops after its pages, and reads every page when they are fewer', async () => {
    const few = newReadState();
    await readSummaries(pages, { stop: { maxPages: 2 } }, few);
    expect(few).toMatchObject({ stopped: 'pages', pages: 2, rows: 100, oldest: '2026-11-19' });
    const all = newReadState();
    const lines = await readSummaries(pages, { stop: { maxPages: 6 } }, all);
    expect(all).toMatchObject({ stopped: null, pages: 6, rows: 300 });
    expect(lines).toHaveLength(300);
  });
});
