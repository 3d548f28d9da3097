// `-f fhir` and `-f fhir-bundle` of hostile rows from a loopback server: names, providers,
// units and texts with control characters, bidi marks, quotes, newlines and JSON-breaking text,
// numbers near 1e308 and integers no double holds, an empty text, identical rows on one day, and
// profiles with no user id, a hostile one, or none at all (404). Every output parses and each
// resource is valid to both validators (test/helpers/fhir-validators.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allProblems,
  bundleResources,
  expectSubjects,
  ndjsonResources,
  type Resource,
} from '../helpers/fhir-output.ts';
import { hd, META, send, startServer, type TestServer } from '../helpers/test-server.ts';

const HOSTILE = [
  'a\u0000b\u0001c\u001b[31mred\u007f',
  '\u202eevil\u202c \u2066bidi\u2069',
  'quote " \' \\ back',
  'line\nbreak\r\nand\ttab',
  '"},{"resourceType":"Patient","id":"x"}]}\n{"resourceType":"Patient"}',
  '$(touch pwned) `id`',
];
const BIG = '12345678901234567890';

/** Rows as the server sends them: a `@BIG@` value becomes the bare token. */
function rows(): object[] {
  const out: object[] = [];
  HOSTILE.forEach((h, i) => {
    const date = `2026-11-${String(20 - i).padStart(2, '0')}`;
    out.push(
      {
        date,
        provider: h,
        metric: h,
        numValue: 1.7976931348623157e308,
        textValue: null,
        unit: h,
        stream: false,
      },
      {
        date,
        provider: h,
        metric: `${h}_text`,
        numValue: null,
        textValue: h,
        unit: null,
        stream: false,
      },
      {
        date,
        provider: 'P',
        metric: 'heart_rate',
        numValue: -1.7976931348623157e308,
        textValue: null,
        unit: h,
        stream: false,
      },
    );
  });
  const day = '2026-11-14';
  const same = {
    date: day,
    provider: 'P',
    metric: 'steps',
    numValue: 5,
    textValue: null,
    unit: 'count',
    stream: false,
  };
  out.push(
    same,
    { ...same },
    // steps has its _total twin (from Q): P's two rows this day are a no_total day.
    { ...same, provider: 'Q', metric: 'steps_total' },
    {
      date: day,
      provider: 'P',
      metric: 'big',
      numValue: '@BIG@',
      textValue: null,
      unit: 'count',
      stream: false,
    },
    {
      date: day,
      provider: 'P',
      metric: 'mood',
      numValue: null,
      textValue: '',
      unit: null,
      stream: false,
    },
    {
      date: day,
      provider: 'P',
      metric: 'weight',
      numValue: 5e-324,
      textValue: null,
      unit: 'kg',
      stream: false,
    },
  );
  return out;
}

type ProfileReply = { status: number; body: unknown };
let profile: ProfileReply = { status: 200, body: {} };

describe('FHIR output of hostile rows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/api/v1/profile')
        return send(res, profile.status, JSON.stringify(profile.body));
      if (path === '/api/v1/metrics') {
        const body = JSON.stringify({ data: rows(), next_cursor: null, meta: META });
        return send(res, 200, body.replace('"@BIG@"', BIG));
      }
      if (path === '/api/v1/catalog')
        return send(res, 200, JSON.stringify({ metrics: [], meta: META }));
      send(res, 404, '{"error":{"code":"not_found","message":"no such path"}}');
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const PROFILES: [string, ProfileReply][] = [
    ['no user id', { status: 200, body: { name: 'Ada', meta: META } }],
    ['a hostile user id', { status: 200, body: { user: { id: HOSTILE.join('') } } }],
    ['a numeric user id', { status: 200, body: { user_id: 42 } }],
    ['a 404 profile', { status: 404, body: { error: { code: 'not_found', message: 'no' } } }],
  ];

  async function exportOf(
    command: string,
    format: string,
  ): Promise<{ text: string; stderr: string }> {
    const out = await hd(server.url, [command, '--from', '7d', '-f', format, '--with-patient']);
    expect(out.code, out.stderr).toBe(0);
    return { text: out.stdout, stderr: out.stderr };
  }

  it.each(PROFILES)('every resource of metrics and daily is valid, with %s', async (_, reply) => {
    profile = reply;
    for (const command of ['metrics', 'daily']) {
      const nd = ndjsonResources((await exportOf(command, 'fhir')).text);
      expect(nd[0]?.resourceType).toBe('Patient');
      expect(nd.length).toBeGreaterThan(HOSTILE.length * 2);
      expect(allProblems(nd)).toEqual([]);
      expectSubjects(nd, (id) => `Patient/${id}`);
      const bundled = bundleResources((await exportOf(command, 'fhir-bundle')).text);
      expect(allProblems(bundled, new Set(bundled.map((r) => `urn:uuid:${r.id}`)))).toEqual([]);
      expectSubjects(bundled, (id) => `urn:uuid:${id}`);
      // The same resources in both forms, but for where the subject points.
      expect(bundled.map((r) => r.id)).toEqual(nd.map((r) => r.id));
    }
  });

  it('says why a 404 profile leaves the Patient without the API user id', async () => {
    profile = PROFILES[3]![1];
    const out = await exportOf('metrics', 'fhir');
    expect(out.stderr).toMatch(/profile could not be read \(HTTP 404\)/);
    const patient = ndjsonResources(out.text)[0] as Resource;
    expect(patient['identifier']).toHaveLength(1);
  });

  it('writes a number no double holds exactly, and numbers near 1e308 as they came', async () => {
    profile = PROFILES[0]![1];
    const { text } = await exportOf('metrics', 'fhir');
    expect(text).toContain(`"valueQuantity":{"value":${BIG},"unit":"count"`);
    expect(text).toContain('"value":1.7976931348623157e+308');
    expect(text).toContain('"value":-1.7976931348623157e+308');
    expect(text).toContain('"value":5e-324');
  });

  it('keeps the hostile text, with control characters shown, and an empty text as U+FFFD', async () => {
    profile = PROFILES[0]![1];
    const nd = ndjsonResources((await exportOf('metrics', 'fhir')).text);
    const strings = nd.map((r) => r['valueString']).filter((s) => s !== undefined);
    expect(strings).toContain('\u202eevil\u202c \u2066bidi\u2069');
    expect(strings).toContain('line\nbreak\r\nand\ttab');
    expect(strings).toContain('a\ufffdb\ufffdc\ufffd[31mred\ufffd');
    expect(strings).toContain('\ufffd');
    expect(JSON.stringify(nd)).not.toMatch(/\\u000[0-8bcef]|\\u001/);
  });

  it('writes no Observation for a no_total day', async () => {
    profile = PROFILES[0]![1];
    const json = await hd(server.url, ['daily', '--from', '7d', '-f', 'json']);
    const days = (JSON.parse(json.stdout) as { data: { metric: string; basis: string }[] }).data;
    expect(days).toContainEqual(expect.objectContaining({ metric: 'steps', basis: 'no_total' }));
    const nd = ndjsonResources((await exportOf('daily', 'fhir')).text);
    const steps = nd.filter((r) => (r['code'] as { text?: string } | undefined)?.text === 'steps');
    expect(steps.map((r) => (r['device'] as { display: string }).display)).toEqual(['Q']);
  });

  it('gives identical rows of one day distinct ids, the same on every export', async () => {
    profile = PROFILES[0]![1];
    const ids = async () =>
      ndjsonResources((await exportOf('metrics', 'fhir')).text)
        .filter((r) => (r['code'] as { text?: string } | undefined)?.text === 'steps')
        .map((r) => r.id);
    const first = await ids();
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(await ids()).toEqual(first);
  });
});
