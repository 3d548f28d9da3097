import { describe, expect, it } from 'vitest';
import { errorOf, get, start } from '../helpers/sandbox.ts';

describe('fault injection', () => {
  it('delays every response by latencyMs', async () => {
    const sb = await start({ latencyMs: 150 });
    try {
      for (const path of ['/api/v1/profile', '/api/v1/nope']) {
        const t0 = performance.now();
        await get(sb, path);
        expect(performance.now() - t0).toBeGreaterThanOrEqual(149);
      }
    } finally {
      await sb.close();
    }
  });

  it('closes promptly with a delayed response still pending', async () => {
    const sb = await start({ latencyMs: 10_000 });
    const pending = get(sb, '/api/v1/profile').catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t0 = performance.now();
    await sb.close();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it('answers every request with 503 and a JSON error when failRate is 1', async () => {
    const sb = await start({ failRate: 1 });
    try {
      for (const path of ['/api/v1/metrics', '/api/v1/catalog', '/api/openapi.json']) {
        const got = await get(sb, path);
        expect(got.status).toBe(503);
        expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(errorOf(got.body).code).toBe('unavailable');
      }
    } finally {
      await sb.close();
    }
  });

  it('fails a reproducible share of requests for a given seed', async () => {
    const statuses = async (seed: number) => {
      const sb = await start({ failRate: 0.5, seed });
      try {
        const out: number[] = [];
        for (let i = 0; i < 30; i++) out.push((await get(sb, '/api/v1/profile')).status);
        return out;
      } finally {
        await sb.close();
      }
    };
    const first = await statuses(7);
    expect(await statuses(7)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(await statuses(8)).not.toEqual(first);
  });

  it('answers 429 with Retry-After beyond rateLimit requests per second', async () => {
    const sb = await start({ rateLimit: 3 });
    try {
      const burst = await Promise.all(Array.from({ length: 10 }, () => get(sb, '/api/v1/profile')));
      const ok = burst.filter((r) => r.status === 200).length;
      // 3 per one-second window; a burst straddling a window edge may see two windows.
      expect(ok).toBeGreaterThanOrEqual(3);
      expect(ok).toBeLessThanOrEqual(6);
      const limited = burst.filter((r) => r.status === 429);
      expect(limited.length).toBe(10 - ok);
      for (const r of limited) {
        expect(r.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(errorOf(r.body).code).toBe('rate_limited');
      }
      const wait = Number(limited[0]?.headers.get('retry-after')) * 1000;
      await new Promise((resolve) => setTimeout(resolve, wait));
      expect((await get(sb, '/api/v1/profile')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});

describe('request log', () => {
  it('records method, path with query, headers and status of each request', async () => {
    const sb = await start();
    try {
      await get(sb, '/api/v1/metrics?metric=steps&limit=5', { headers: { 'x-test': 'yes' } });
      await get(sb, '/api/v1/profile', { key: null });
      expect(sb.requests).toHaveLength(2);
      expect(sb.requests[0]).toMatchObject({
        method: 'GET',
        path: '/api/v1/metrics?metric=steps&limit=5',
        status: 200,
        headers: { authorization: `Bearer ${sb.apiKey}`, 'x-test': 'yes' },
      });
      expect(sb.requests[1]).toMatchObject({ path: '/api/v1/profile', status: 401 });
      expect(sb.requests[1]?.headers.authorization).toBeUndefined();
    } finally {
      await sb.close();
    }
  });
});
