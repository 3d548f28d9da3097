import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { allRows, get, start } from '../helpers/sandbox.ts';

interface OpenApiDoc {
  openapi: string;
  info: { version: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
    parameters: Record<string, unknown>;
  };
}

const sandboxes: Sandbox[] = [];
let pro: Sandbox;
let doc: OpenApiDoc;
let ajv: Ajv2020;

beforeAll(async () => {
  pro = await start();
  sandboxes.push(pro, await start({ plan: 'free' }), await start({ plan: 'unlimited' }));
  doc = (await get<OpenApiDoc>(pro, '/api/openapi.json', { key: null })).body;
  ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  // The whole components object under one id, so the doc's own #/components refs resolve.
  ajv.addSchema({ $id: 'sandbox-openapi', components: doc.components });
});
afterAll(async () => {
  for (const sb of sandboxes) await sb.close();
});

function expectValid(schema: string, body: unknown): void {
  const validate = ajv.getSchema(`sandbox-openapi#/components/schemas/${schema}`);
  if (!validate) throw new Error(`no schema ${schema}`);
  const ok = validate(body);
  expect(validate.errors ?? [], JSON.stringify(body).slice(0, 300)).toEqual([]);
  expect(ok).toBe(true);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes API version 1.0.0, bearer auth, every endpoint and schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: pro.url }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/openapi.json',
      '/api/v1/catalog',
      '/api/v1/metrics',
      '/api/v1/profile',
      '/api/v1/sources',
    ]);
    for (const name of [
      'Metric',
      'Meta',
      'MetricsPage',
      'Error',
      'Catalog',
      'Sources',
      'Profile',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    expect(Object.keys(doc.components.parameters).sort()).toEqual([
      'cursor',
      'from',
      'limit',
      'metric',
      'provider',
      'to',
    ]);
    const metrics = doc.paths['/api/v1/metrics']?.get?.responses ?? {};
    expect(Object.keys(metrics)).toEqual(['200', '400', '401', '429', '503', 'default']);
  });
});

describe('real responses match the documented schemas', () => {
  it('the schemas are strict enough to reject a wrong body', () => {
    const metric = ajv.getSchema('sandbox-openapi#/components/schemas/Metric');
    expect(metric?.({ date: '2026-11-22', provider: 'X', metric: 'y' })).toBe(false);
    const error = ajv.getSchema('sandbox-openapi#/components/schemas/Error');
    expect(error?.({ error: { code: 'x', message: 'y', extra: 1 } })).toBe(false);
  });

  it('metrics pages (all rows, every plan)', async () => {
    for (const sb of sandboxes) {
      const first = await get(sb, '/api/v1/metrics?limit=1000');
      expectValid('MetricsPage', first.body);
      const last = await get(sb, '/api/v1/metrics?metric=weight,workout_type,mood&limit=1000');
      expectValid('MetricsPage', last.body);
    }
    for (const row of await allRows(pro, '', 1000)) expectValid('Metric', row);
  });

  it.each([
    ['/api/v1/catalog', 'Catalog'],
    ['/api/v1/sources', 'Sources'],
    ['/api/v1/profile', 'Profile'],
  ])('%s matches %s on every plan', async (path, schema) => {
    for (const sb of sandboxes) expectValid(schema, (await get(sb, path)).body);
  });

  it('error bodies of every status match Error', async () => {
    const errors = [
      await get(pro, '/api/v1/metrics?limit=1001'),
      await get(pro, '/api/v1/metrics', { key: null }),
      await get(pro, '/api/v1/nothing'),
      await get(pro, '/api/v1/catalog', { method: 'DELETE' }),
    ];
    const failing = await start({ failRate: 1 });
    const limited = await start({ rateLimit: 1 });
    try {
      errors.push(await get(failing, '/api/v1/profile'));
      // One per second: of three quick requests at least two share a window.
      let got = await get(limited, '/api/v1/profile');
      for (let i = 0; i < 2 && got.status !== 429; i++) got = await get(limited, '/api/v1/profile');
      errors.push(got);
    } finally {
      await failing.close();
      await limited.close();
    }
    expect(errors.map((e) => e.status)).toEqual([400, 401, 404, 405, 503, 429]);
    for (const e of errors) expectValid('Error', e.body);
  });
});
