import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meta } from '../../src/api/types.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { addDays, get, page, start, TODAY } from '../helpers/sandbox.ts';

interface Catalog {
  metrics: Array<{
    metric: string;
    unit: string | null;
    providers: string[];
    first_date: string;
    last_date: string;
    rows: number;
  }>;
  providers: Array<{ provider: string; kind: string; metrics: string[] }>;
  meta: Meta;
}
interface Sources {
  data: Array<{
    provider: string;
    kind: string;
    status: string;
    connected_at: string;
    last_sync: string | null;
    metrics: string[];
    source_apps: string[];
  }>;
  meta: Meta;
}
interface Profile {
  user: Record<string, string>;
  plan: Record<string, unknown>;
  meta: Meta;
}

const EXPECTED: Record<string, Meta> = {
  free: { plan: 'free', history_window_days: 30, history_floor: '2026-10-24', source_cap: 2 },
  basic: { plan: 'basic', history_window_days: 90, history_floor: '2026-08-25', source_cap: 3 },
  pro: { plan: 'pro', history_window_days: 365, history_floor: '2025-11-23', source_cap: 10 },
  unlimited: {
    plan: 'unlimited',
    history_window_days: null,
    history_floor: null,
    source_cap: null,
  },
};

const sandboxes: Record<string, Sandbox> = {};
beforeAll(async () => {
  for (const plan of Object.keys(EXPECTED)) sandboxes[plan] = await start({ plan });
});
afterAll(async () => {
  for (const sb of Object.values(sandboxes)) await sb.close();
});
const sandbox = (plan: string) => sandboxes[plan] as Sandbox;

describe.each(Object.keys(EXPECTED))('plan %s', (plan) => {
  it('reports its meta on every data endpoint', async () => {
    const sb = sandbox(plan);
    expect(sb.plan).toBe(plan);
    expect((await page(sb)).meta).toEqual(EXPECTED[plan]);
    for (const path of ['/api/v1/catalog', '/api/v1/sources', '/api/v1/profile']) {
      expect((await get<{ meta: Meta }>(sb, path)).body.meta).toEqual(EXPECTED[plan]);
    }
  });

  it('serves rows back to the floor (window includes today), none earlier', async () => {
    const sb = sandbox(plan);
    const floor = EXPECTED[plan]?.history_floor ?? addDays(TODAY, -1460);
    const oldest = await page(sb, `metric=steps_total&to=${addDays(floor, 1)}`);
    expect(oldest.data.map((r) => r.date)).toEqual([addDays(floor, 1), floor]);
    expect((await page(sb, `to=${addDays(floor, -1)}`)).data).toEqual([]);
  });

  it('counts rowCount as the sum of catalog rows', async () => {
    const sb = sandbox(plan);
    const catalog = (await get<Catalog>(sb, '/api/v1/catalog')).body;
    expect(catalog.metrics.reduce((n, m) => n + m.rows, 0)).toBe(sb.rowCount);
  });
});

describe('source cap', () => {
  it('lists sources beyond the cap (by connection date) as over_cap without a last sync', async () => {
    const sources = (await get<Sources>(sandbox('free'), '/api/v1/sources')).body.data;
    expect(sources.map((s) => [s.provider, s.status])).toEqual([
      ['PhoneHealth', 'active'],
      ['WristBand', 'active'],
      ['ScaleCo', 'over_cap'],
      ['RingWear', 'over_cap'],
      ['MindfulApp', 'over_cap'],
    ]);
    const dates = sources.map((s) => s.connected_at);
    expect([...dates].sort()).toEqual(dates);
    for (const s of sources) expect(s.last_sync === null).toBe(s.status === 'over_cap');
  });

  it('serves no rows or catalog entries of over_cap sources', async () => {
    const sb = sandbox('free');
    expect((await page(sb, 'provider=scaleco,ringwear,mindfulapp')).data).toEqual([]);
    const catalog = (await get<Catalog>(sb, '/api/v1/catalog')).body;
    expect(catalog.providers.map((p) => p.provider)).toEqual(['PhoneHealth', 'WristBand']);
    expect(catalog.metrics.map((m) => m.metric)).not.toContain('weight');
  });

  it('keeps every source active when the cap is null or large enough', async () => {
    for (const plan of ['pro', 'unlimited']) {
      const sources = (await get<Sources>(sandbox(plan), '/api/v1/sources')).body.data;
      expect(sources.every((s) => s.status === 'active')).toBe(true);
    }
    const basic = (await get<Sources>(sandbox('basic'), '/api/v1/sources')).body.data;
    expect(basic.filter((s) => s.status === 'active').length).toBe(3);
  });
});

describe('catalog, sources and profile bodies', () => {
  it('catalog lists distinct metrics with unit, providers, dates and row counts', async () => {
    const catalog = (await get<Catalog>(sandbox('pro'), '/api/v1/catalog')).body;
    const names = catalog.metrics.map((m) => m.metric);
    expect(names).toEqual([...names].sort());
    expect(catalog.metrics.find((m) => m.metric === 'hrv')).toMatchObject({
      unit: 'ms',
      providers: ['RingWear', 'WristBand'],
      last_date: TODAY,
    });
    const steps = catalog.metrics.find((m) => m.metric === 'steps_total');
    expect(steps).toEqual({
      metric: 'steps_total',
      unit: 'count',
      providers: ['PhoneHealth'],
      first_date: '2025-11-23',
      last_date: TODAY,
      rows: 365,
    });
    expect(catalog.providers.map((p) => [p.provider, p.kind])).toEqual([
      ['MindfulApp', 'app'],
      ['PhoneHealth', 'phone_aggregator'],
      ['RingWear', 'wearable'],
      ['ScaleCo', 'scale'],
      ['WristBand', 'wearable'],
    ]);
  });

  it('sources carry kind, status, dates, metrics and the aggregator apps', async () => {
    const sources = (await get<Sources>(sandbox('pro'), '/api/v1/sources')).body.data;
    expect(sources[0]).toEqual({
      provider: 'PhoneHealth',
      kind: 'phone_aggregator',
      status: 'active',
      connected_at: addDays(TODAY, -1460),
      last_sync: expect.stringMatching(/^2026-11-22T\d\d:\d\d:00Z$/),
      metrics: expect.arrayContaining(['steps', 'steps_total']),
      source_apps: ['PhoneHealth Motion', 'WristBand Connect', 'RunTrack'],
    });
  });

  it('profile carries the user and the plan window', async () => {
    const profile = (await get<Profile>(sandbox('basic'), '/api/v1/profile')).body;
    expect(profile.user).toMatchObject({ id: 'usr_sandbox_demo', timezone: 'Europe/Amsterdam' });
    expect(profile.plan).toEqual({
      name: 'basic',
      description: expect.any(String),
      history_window_days: 90,
      history_floor: '2026-08-25',
      source_cap: 3,
      sources_connected: 5,
      sources_active: 3,
    });
  });
});
