import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { allRows, get, page, start } from '../helpers/sandbox.ts';

let sb: Sandbox;
let rows: MetricRow[];
beforeAll(async () => {
  sb = await start();
  rows = await allRows(sb, '', 1000);
});
afterAll(() => sb.close());

const of = (provider: string, metric: string) =>
  rows.filter((r) => r.provider === provider && r.metric === metric);
const byDate = (list: MetricRow[]) => {
  const map = new Map<string, number[]>();
  for (const r of list) map.set(r.date, [...(map.get(r.date) ?? []), r.numValue as number]);
  return map;
};

describe('phone aggregator rows', () => {
  it('returns several rows per day for a daily metric, one per source app', async () => {
    const perDay = byDate(of('PhoneHealth', 'steps'));
    const counts = [...perDay.values()].map((v) => v.length);
    expect(Math.max(...counts)).toBe(3);
    expect(counts.filter((n) => n >= 2).length).toBeGreaterThan(200);
  });

  it.each([
    ['steps', 1],
    ['active_energy', 10],
    ['distance', 100],
  ])('%s_total exists once per day and lies between the max and the sum', (metric, units) => {
    const apps = byDate(of('PhoneHealth', metric));
    const totals = byDate(of('PhoneHealth', `${metric}_total`));
    expect([...totals.keys()]).toEqual([...apps.keys()]);
    let strictlyBelowSum = 0;
    for (const [date, values] of apps) {
      const total = totals.get(date) ?? [];
      expect(total.length).toBe(1);
      // Compare in integer units so float sums cannot blur the bounds.
      const t = Math.round((total[0] as number) * units);
      const ints = values.map((v) => Math.round(v * units));
      const sum = ints.reduce((a, b) => a + b, 0);
      expect(t).toBeGreaterThanOrEqual(Math.max(...ints));
      expect(t).toBeLessThanOrEqual(sum);
      if (t < sum) strictlyBelowSum++;
    }
    expect(strictlyBelowSum).toBeGreaterThan(200);
  });
});

describe('several rows a day without a twin', () => {
  it('walking_heart_rate: up to two rows a day, no _total twin, on the days of the app rows', () => {
    const perDay = byDate(of('PhoneHealth', 'walking_heart_rate'));
    const counts = [...perDay.values()].map((v) => v.length);
    expect(Math.max(...counts)).toBe(2);
    expect(counts.filter((n) => n === 2).length).toBeGreaterThan(50);
    expect(rows.some((r) => r.metric === 'walking_heart_rate_total')).toBe(false);
    // One row per app that measures heart rate: as many as the steps rows beyond the phone's own.
    const steps = byDate(of('PhoneHealth', 'steps'));
    for (const [date, values] of steps)
      expect(perDay.get(date)?.length ?? 0).toBe(values.length - 1);
  });
});

describe('row shapes', () => {
  it('has text metrics with a null numValue and null unit', () => {
    for (const metric of ['sleep_quality', 'workout_type', 'mood']) {
      const list = rows.filter((r) => r.metric === metric);
      expect(list.length).toBeGreaterThan(50);
      for (const r of list) {
        expect(r.numValue).toBeNull();
        expect(typeof r.textValue).toBe('string');
        expect(r.unit).toBeNull();
      }
    }
    const texts = new Set(rows.map((r) => r.textValue));
    expect(texts).toContain('Yoga, outdoors');
    expect(texts).toContain('Café "HIIT", 5×3');
  });

  it('has numeric rows with a null textValue, some with a null unit', () => {
    const numeric = rows.filter((r) => r.numValue !== null);
    expect(numeric.every((r) => r.textValue === null)).toBe(true);
    const unitless = new Set(numeric.filter((r) => r.unit === null).map((r) => r.metric));
    expect([...unitless].sort()).toEqual(['bmi', 'readiness_score']);
    expect(new Set(numeric.map((r) => r.unit))).toContain('°C');
  });

  it('prints numbers cleanly: integers and at most two decimals', () => {
    const numbers = rows.flatMap((r) => (r.numValue === null ? [] : [String(r.numValue)]));
    expect(numbers.every((n) => /^-?\d+(\.\d{1,2})?$/.test(n))).toBe(true);
    expect(numbers.some((n) => n.includes('.'))).toBe(true);
    expect(numbers.some((n) => !n.includes('.'))).toBe(true);
  });

  it('has both stream values: streamed heart rate and SpO2, the rest not', () => {
    const streamed = new Set(rows.filter((r) => r.stream).map((r) => r.metric));
    expect([...streamed].sort()).toEqual(['heart_rate', 'spo2']);
    expect(rows.some((r) => !r.stream)).toBe(true);
    expect(byDate(of('WristBand', 'heart_rate')).get('2026-11-22')?.length).toBe(24);
  });

  it('uses one unit per metric across providers and no device field', () => {
    const units = new Map<string, Set<string | null>>();
    for (const r of rows) units.set(r.metric, (units.get(r.metric) ?? new Set()).add(r.unit));
    for (const set of units.values()) expect(set.size).toBe(1);
    expect(Object.keys(rows[0] as object)).toEqual([
      'date',
      'provider',
      'metric',
      'numValue',
      'textValue',
      'unit',
      'stream',
    ]);
  });
});

describe('gaps', () => {
  it('WristBand has a two-week gap and the scale weighs in on some days only', () => {
    const days = new Set(rows.filter((r) => r.provider === 'WristBand').map((r) => r.date));
    expect(days.has('2026-09-09')).toBe(true);
    expect(days.has('2026-09-24')).toBe(true);
    for (let d = 10; d <= 23; d++) expect(days.has(`2026-09-${d}`)).toBe(false);
    const weighIns = new Set(of('ScaleCo', 'weight').map((r) => r.date)).size;
    expect(weighIns).toBeGreaterThan(60);
    expect(weighIns).toBeLessThan(250);
  });
});

describe('determinism', () => {
  it('gives byte-identical bodies for the same seed and today', async () => {
    const twin = await start();
    const other = await start({ seed: 2 });
    try {
      for (const path of ['/api/v1/catalog', '/api/v1/sources', '/api/v1/profile']) {
        expect((await get(twin, path)).text).toBe((await get(sb, path)).text);
      }
      // next_cursor is signed with a per-server secret, so compare a cursor-free last page.
      const q = '/api/v1/metrics?metric=weight,mood,workout_type&limit=1000';
      const a = await get(sb, q);
      expect(a.text).toContain('"next_cursor":null');
      expect((await get(twin, q)).text).toBe(a.text);
      expect((await get(other, q)).text).not.toBe(a.text);
      const firstPage = await page(twin, 'limit=1000');
      expect(firstPage.data).toEqual(rows.slice(0, 1000));
    } finally {
      await twin.close();
      await other.close();
    }
  });
});
