import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { allRows, errorOf, get, page, start } from '../helpers/sandbox.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start(); // pro: 365 days, today 2026-11-22
});
afterAll(() => sb.close());

const set = (rows: MetricRow[], key: keyof MetricRow) =>
  [...new Set(rows.map((r) => r[key]))].sort();

describe('GET /api/v1/metrics filters', () => {
  it('filters metrics in repeated and comma-separated forms alike', async () => {
    const repeated = await allRows(sb, 'metric=weight&metric=mood', 1000);
    const comma = await allRows(sb, 'metric=weight,mood', 1000);
    const mixed = await allRows(sb, 'metric=weight&metric=mood,weight', 1000);
    expect(set(repeated, 'metric')).toEqual(['mood', 'weight']);
    expect(comma).toEqual(repeated);
    expect(mixed).toEqual(repeated);
  });

  it('filters providers in both forms, case-insensitively', async () => {
    const a = await allRows(sb, 'provider=ScaleCo&provider=MindfulApp', 1000);
    const b = await allRows(sb, 'provider=scaleco,MINDFULAPP', 1000);
    expect(set(a, 'provider')).toEqual(['MindfulApp', 'ScaleCo']);
    expect(b).toEqual(a);
    const upper = await page(sb, 'provider=WRISTBAND&limit=50');
    expect(upper.data.length).toBe(50);
    expect(set(upper.data, 'provider')).toEqual(['WristBand']);
  });

  it('combines metric and provider filters (AND between them, OR within each)', async () => {
    const rows = await allRows(sb, 'metric=hrv,sleep_duration&provider=ringwear', 1000);
    expect(set(rows, 'provider')).toEqual(['RingWear']);
    expect(set(rows, 'metric')).toEqual(['hrv', 'sleep_duration']);
    const both = await allRows(sb, 'metric=hrv&provider=ringwear,wristband', 1000);
    expect(set(both, 'provider')).toEqual(['RingWear', 'WristBand']);
  });

  it('matches metric names exactly, and unknown names give an empty last page', async () => {
    for (const q of ['metric=Steps', 'metric=step', 'provider=nobody']) {
      const p = await page(sb, q);
      expect(p.data).toEqual([]);
      expect(p.next_cursor).toBeNull();
    }
  });

  it('returns rows newest first, then by provider, metric (stable within a day)', async () => {
    const rows = (await page(sb, 'limit=1000')).data;
    expect(rows.length).toBe(1000);
    const key = (r: MetricRow) => [r.provider.toLowerCase(), r.metric].join('\u0000');
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1] as MetricRow;
      const b = rows[i] as MetricRow;
      expect(a.date >= b.date).toBe(true);
      if (a.date === b.date) expect(key(a) <= key(b)).toBe(true);
    }
    expect(rows[0]?.date).toBe('2026-11-22');
  });
});

describe('GET /api/v1/metrics window and dates', () => {
  it('clamps from to the history floor', async () => {
    const p = await page(sb, 'metric=resting_heart_rate&from=2000-01-01&limit=1000');
    expect(p.meta?.history_floor).toBe('2025-11-23');
    const rows = await allRows(sb, 'metric=steps_total&from=2020-01-01', 1000);
    expect(rows.at(-1)?.date).toBe('2025-11-23');
    expect(rows.length).toBe(365);
    const unfiltered = await allRows(sb, 'provider=phonehealth', 1000);
    expect(unfiltered.at(-1)?.date).toBe('2025-11-23');
  });

  it('includes rows dated on to, and from..to on one day gives that day', async () => {
    const rows = await allRows(sb, 'metric=steps_total&to=2026-11-01', 1000);
    expect(rows[0]?.date).toBe('2026-11-01');
    const day = await page(sb, 'from=2026-10-05&to=2026-10-05&limit=1000');
    expect(set(day.data, 'date')).toEqual(['2026-10-05']);
    expect(day.data.length).toBeGreaterThan(20);
  });

  it('treats to before the floor or from after today as an empty result, not an error', async () => {
    expect((await page(sb, 'to=2020-01-01')).data).toEqual([]);
    expect((await page(sb, 'from=2030-01-01')).data).toEqual([]);
  });

  it.each([
    ['from=2026-13-01', 'invalid_date'],
    ['to=2026-02-30', 'invalid_date'],
    ['from=yesterday', 'invalid_date'],
    ['from=', 'invalid_date'],
    ['from=2026-11-02&to=2026-11-01', 'invalid_range'],
    ['from=2026-01-01&from=2026-02-01', 'invalid_parameter'],
    ['metric=', 'invalid_parameter'],
    ['provider=,', 'invalid_parameter'],
    ['cursor=', 'invalid_cursor'],
  ])('400 for %s (%s)', async (query, code) => {
    const got = await get(sb, `/api/v1/metrics?${query}`);
    expect(got.status).toBe(400);
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(errorOf(got.body).code).toBe(code);
  });
});

describe('GET /api/v1/metrics limit', () => {
  it('defaults to 200 and allows up to 1000', async () => {
    expect((await page(sb)).data.length).toBe(200);
    expect((await page(sb, 'limit=1000')).data.length).toBe(1000);
    expect((await page(sb, 'limit=1')).data.length).toBe(1);
  });

  it.each(['1001', '0', '-1', '1.5', 'abc', '', '1e3', '99999999999'])(
    '400 invalid_limit for limit=%s',
    async (limit) => {
      const got = await get(sb, `/api/v1/metrics?limit=${limit}`);
      expect(got.status).toBe(400);
      expect(errorOf(got.body).code).toBe('invalid_limit');
    },
  );
});
