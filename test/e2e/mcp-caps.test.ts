// Every tool answer stays under its cap against an API that sends too much: thousands of
// metrics, text values of 300 KB, catalogs, source lists and profiles of megabytes. The
// built binary, spawned as a client does; each cut answer is valid JSON, says it was cut and
// how to read on, and following that (offset) gives the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBefore, hostileApi, row, type HostileApi } from '../helpers/hostile-api.ts';
import { spawnedServer, type ToolAnswer } from '../helpers/mcp.ts';
import { API_KEY, META, startServer, type TestServer } from '../helpers/test-server.ts';

const KB = 1024;
const METRICS = Array.from({ length: 3000 }, (_, i) => `metric_${String(i).padStart(4, '0')}`);
const BIG = 'x'.repeat(300 * KB);

// Changed by each describe before its calls: the one server answers from it.
const api: HostileApi = {};
let server: TestServer;
let mcp: Awaited<ReturnType<typeof spawnedServer>>;

beforeAll(async () => {
  server = await startServer(hostileApi(api));
  api.page = (n) => ({ data: [], next: null, meta: { ...META, n } });
  mcp = await spawnedServer(['--base-url', server.url], { HEALTHDATA_API_KEY: API_KEY });
});
afterAll(async () => {
  await mcp.close();
  await server.close();
});

/** The result is under `cap` bytes, its text's JSON parses back to structuredContent, and it is no error. */
function underCap(got: ToolAnswer, cap: number, cut = false): void {
  expect(got.isError, got.text.slice(0, 300)).toBe(false);
  expect(got.bytes).toBeLessThanOrEqual(cap);
  // A cut keeps what fits: not far under the cap either.
  if (cut) expect(got.bytes).toBeGreaterThan(cap / 2);
  const json = got.text.slice(got.text.indexOf('\n') + 1);
  expect(JSON.parse(json)).toEqual(got.structured);
}

const notesOf = (got: ToolAnswer) => (got.structured['notes'] as string[]).join(' ');

describe('three thousand metrics', () => {
  beforeAll(() => {
    api.catalog = { metrics: METRICS.map((metric) => ({ metric, unit: 'count' })), meta: META };
    // Ten days of every metric, newest first, 1000 rows a page.
    const rows = Array.from({ length: 10 }, (_, d) =>
      METRICS.map((m, i) => row(dayBefore(d), m, 'P', i + d)),
    ).flat();
    api.page = (n) => ({
      data: rows.slice(n * 1000, n * 1000 + 1000),
      next: (n + 1) * 1000 < rows.length ? `c${n + 1}-` : null,
    });
  });

  it('list_metrics stays under 64 KB and pages on with offset', async () => {
    const first = await mcp.call('list_metrics');
    underCap(first, 64 * KB, true);
    const shown = first.structured['metrics'] as { metric: string }[];
    expect(first.structured['total_metrics']).toBe(3000);
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.length).toBeLessThan(3000);
    const offset = Number(/offset: (\d+)/.exec(notesOf(first))?.[1]);
    expect(offset).toBe(shown.length);
    const next = await mcp.call('list_metrics', { offset });
    underCap(next, 64 * KB);
    expect((next.structured['metrics'] as { metric: string }[])[0]?.metric).toBe(METRICS[offset]);
  });

  it('daily_summary keeps the entries that fit 256 KB and says how to get the rest', async () => {
    const got = await mcp.call('daily_summary', {});
    underCap(got, 256 * KB, true);
    const entries = got.structured['entries'] as { metric: string }[];
    expect(entries.length).toBeGreaterThan(100);
    expect(got.structured['entries_left_out']).toBe(3000 - entries.length);
    expect(notesOf(got)).toMatch(
      /Only the first \d+ of 3000 entries are here: the answer is capped at 262144 bytes/,
    );
    expect(notesOf(got)).toMatch(/call daily_summary again with `metrics`/);
    expect(got.text.split('\n')[0]).toMatch(/more left out to fit/);
  });

  it('query_metrics stays under its cap', async () => {
    const got = await mcp.call('query_metrics', {});
    underCap(got, 256 * KB);
    expect(got.structured['complete']).toBe(false);
  });
});

describe('text values of 300 KB', () => {
  beforeAll(() => {
    const rows = Array.from({ length: 30 }, (_, d) =>
      row(dayBefore(d), 'journal', 'P', `${d}${BIG}`, null),
    );
    api.catalog = { metrics: [{ metric: 'journal' }], meta: META };
    api.page = (n) => ({ data: n === 0 ? rows : [], next: null });
  });

  it('query_metrics and daily_summary clip each value, with the marker', async () => {
    const rows = await mcp.call('query_metrics', { metrics: ['journal'] });
    underCap(rows, 256 * KB);
    const texts = (rows.structured['series'] as { text: string[] }[])[0]?.text ?? [];
    expect(texts.length).toBeGreaterThan(0);
    for (const [i, t] of texts.entries()) {
      // Newest first: row i is day i, its value `${i}` and then BIG.
      const whole = `${i}${BIG}`;
      expect(t).toBe(
        `${whole.slice(0, 1000)}…[cut by healthdata: ${whole.length - 1000} more characters]`,
      );
    }

    const summary = await mcp.call('daily_summary', { metrics: ['journal'] });
    underCap(summary, 256 * KB);
    const [entry] = summary.structured['entries'] as { top_values: { value: string }[] }[];
    // Cut with the marker here, or before that by the summary's own bound on a text value
    // (src/daily keeps bounded text, ending it with …): either way far under 300 KB.
    const top = entry?.top_values[0]?.value ?? '';
    expect(top).toMatch(/…(\[cut by healthdata: \d+ more characters\])?$/);
    expect(top.length).toBeLessThan(1100);
  });
});

describe('documents of megabytes', () => {
  beforeAll(() => {
    const sources = Array.from({ length: 20_000 }, (_, i) => ({
      name: `source ${i}`,
      note: 'n'.repeat(500),
    }));
    api.sources = { sources, big: BIG.repeat(10), meta: META };
    const many = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    api.profile = { name: BIG.repeat(10), many, meta: META };
    api.catalog = {
      metrics: ['steps'],
      providers: Array.from({ length: 50_000 }, (_, i) => `p${i}`),
      meta: META,
    };
  });

  it('list_sources stays under 32 KB and pages on with offset', async () => {
    const got = await mcp.call('list_sources');
    underCap(got, 32 * KB, true);
    expect(got.structured['total']).toBe(20_000);
    expect((got.structured['other'] as { big: string }).big).toMatch(
      /…\[cut by healthdata: \d+ more characters\]$/,
    );
    const offset = Number(/offset: (\d+)/.exec(notesOf(got))?.[1]);
    expect(offset).toBe((got.structured['sources'] as unknown[]).length);
    const next = await mcp.call('list_sources', { offset });
    expect((next.structured['sources'] as { name: string }[])[0]?.name).toBe(`source ${offset}`);
  });

  it('get_profile stays under 32 KB and says it was cut', async () => {
    const got = await mcp.call('get_profile');
    underCap(got, 32 * KB, true);
    const profile = got.structured['profile'] as { name: string; many?: Record<string, number> };
    expect(profile.name).toBe(
      `${'x'.repeat(1000)}…[cut by healthdata: ${BIG.length * 10 - 1000} more characters]`,
    );
    expect(Object.keys(profile.many ?? {}).length).toBeLessThan(50_000);
    expect(notesOf(got)).toMatch(
      /The profile was cut to fit this tool's answer cap of 32768 bytes/,
    );
  });

  it('list_metrics cuts a list of 50,000 providers and says so', async () => {
    const got = await mcp.call('list_metrics');
    underCap(got, 64 * KB, true);
    expect(notesOf(got)).toMatch(/`providers` holds the first \d+ of 50000 providers/);
  });
});

describe('--max-answer-bytes', () => {
  it('caps every answer at the given size', async () => {
    api.catalog = { metrics: METRICS.map((metric) => ({ metric })), meta: META };
    const rows = METRICS.map((m, i) => row(dayBefore(0), m, 'P', i));
    api.page = (n) => ({
      data: rows.slice(n * 1000, n * 1000 + 1000),
      next: n < 2 ? `c${n + 1}-` : null,
    });
    const small = await spawnedServer(['--base-url', server.url, '--max-answer-bytes', '20000'], {
      HEALTHDATA_API_KEY: API_KEY,
    });
    try {
      for (const tool of [
        'list_metrics',
        'daily_summary',
        'query_metrics',
        'list_sources',
        'get_profile',
      ]) {
        underCap(await small.call(tool), 20_000);
      }
    } finally {
      await small.close();
    }
  });
});
