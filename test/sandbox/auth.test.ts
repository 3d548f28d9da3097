import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { DEMO_API_KEY } from '../../src/sandbox/index.ts';
import { errorOf, get, start } from '../helpers/sandbox.ts';

const ENDPOINTS = ['/api/v1/metrics', '/api/v1/catalog', '/api/v1/sources', '/api/v1/profile'];

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('authentication', () => {
  it.each(ENDPOINTS)('%s: 200 with the key, as JSON with a Content-Length', async (path) => {
    const got = await get(sb, path);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(got.headers.get('content-length'))).toBe(Buffer.byteLength(got.text));
    expect(got.headers.get('content-encoding')).toBeNull();
  });

  it.each(ENDPOINTS)('%s: 401 missing_api_key without a key', async (path) => {
    const got = await get(sb, path, { key: null });
    expect(got.status).toBe(401);
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(got.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(errorOf(got.body).code).toBe('missing_api_key');
    expect(Object.keys(got.body as object)).toEqual(['error']);
  });

  it.each(ENDPOINTS)('%s: 401 invalid_api_key with a wrong key', async (path) => {
    for (const key of ['phd_live_wrong', `${DEMO_API_KEY.slice(0, -1)}0`, `${DEMO_API_KEY}x`]) {
      const got = await get(sb, path, { key });
      expect(got.status).toBe(401);
      expect(errorOf(got.body)).toEqual({ code: 'invalid_api_key', message: expect.any(String) });
    }
  });

  it('401 for another scheme or an empty bearer; the scheme name is case-insensitive', async () => {
    const basic = await get(sb, '/api/v1/profile', {
      key: null,
      headers: { authorization: `Basic ${DEMO_API_KEY}` },
    });
    expect(basic.status).toBe(401);
    const empty = await get(sb, '/api/v1/profile', {
      key: null,
      headers: { authorization: 'Bearer ' },
    });
    expect(empty.status).toBe(401);
    const lower = await get(sb, '/api/v1/profile', {
      key: null,
      headers: { authorization: `bearer ${DEMO_API_KEY}` },
    });
    expect(lower.status).toBe(200);
  });

  it('serves /api/openapi.json without a key', async () => {
    const got = await get<{ openapi: string }>(sb, '/api/openapi.json', { key: null });
    expect(got.status).toBe(200);
    expect(got.body.openapi).toBe('3.1.0');
  });

  it('accepts only the configured key when apiKey is given', async () => {
    const custom = await start({ apiKey: 'phd_live_custom_key' });
    try {
      expect((await get(custom, '/api/v1/profile')).status).toBe(200);
      expect((await get(custom, '/api/v1/profile', { key: DEMO_API_KEY })).status).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('unknown paths and methods', () => {
  it.each(['/', '/api/v1', '/api/v1/metrics/', '/api/v2/metrics', '/api/v1/steps'])(
    '404 not_found for %s, with or without a key',
    async (path) => {
      for (const key of [DEMO_API_KEY, null]) {
        const got = await get(sb, path, { key });
        expect(got.status).toBe(404);
        expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(errorOf(got.body).code).toBe('not_found');
      }
    },
  );

  it.each([...ENDPOINTS, '/api/openapi.json'])(
    '405 with Allow: GET for other methods on %s',
    async (path) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const got = await get(sb, path, { method });
        expect(got.status).toBe(405);
        expect(got.headers.get('allow')).toBe('GET');
        expect(errorOf(got.body).code).toBe('method_not_allowed');
      }
      const head = await get(sb, path, { method: 'HEAD' });
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET');
    },
  );
});
