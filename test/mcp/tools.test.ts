// Every tool through the SDK's own client, against the sandbox, with the answers checked
// against rows fetched from the sandbox independently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { allRows, get, metricsRequests, useSandbox, TODAY, addDays } from '../helpers/sandbox.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { SUMMARY_COLUMNS } from '../../src/output/summary/record.ts';
import type { Series } from '../../src/mcp/compact-rows.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
});
afterAll(async () => {
  await mcp.close();
});

/** query_metrics' series back into rows, in the API's order (newest first). */
function rowsOf(structured: Record<string, unknown>): MetricRow[] {
  const rows: MetricRow[] = [];
  for (const s of structured['series'] as Series[]) {
    // Each series keeps the API's order: newest first.
    expect([...s.date].sort().reverse()).toEqual(s.date);
    s.date.forEach((date, i) =>
      rows.push({
        date,
        provider: s.provider,
        metric: s.metric,
        numValue: s.value[i] ?? null,
        textValue: s.text?.[i] ?? null,
        unit: s.unit,
        stream: s.stream,
      }),
    );
  }
  return sorted(rows);
}

/** Rows in one canonical order, to compare as a multiset (series regroup the API's order). */
function sorted(rows: readonly MetricRow[]): MetricRow[] {
  const key = (r: MetricRow) =>
    JSON.stringify([r.date, r.provider, r.metric, r.numValue, r.textValue]);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

interface Entry {
  metric: string;
  provider: string;
  from: string;
  rule: string;
  days: number;
  min: number | null;
  mean: number | null;
  median: number | null;
  max: number | null;
  latest: { date: string; value: number } | null;
  rows: number;
  rows_left_out: number;
  top_values: { value: string; count: number }[];
  daily: {
    date: string[];
    value?: number[];
    rows?: number[];
    min?: number[];
    max?: number[];
  } | null;
  note: string;
}

describe('tools/list', () => {
  it('lists the five tools, each read-only, with an input and an output schema', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['daily_summary', 'get_profile', 'list_metrics', 'list_sources', 'query_metrics'].sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description, tool.name).toBeTruthy();
    }
    const query = tools.find((t) => t.name === 'query_metrics');
    expect(query?.description).toMatch(/must NEVER be added up/);
    expect(query?.description).toMatch(/_total/);
    expect(Object.keys(query?.inputSchema.properties ?? {}).sort()).toEqual(
      ['from', 'limit', 'metrics', 'providers', 'to'].sort(),
    );
  });
});

describe('list_metrics', () => {
  it('gives the catalog, naming each _total twin on both sides', async () => {
    const catalog = (
      await get<{ metrics: { metric: string }[]; providers: unknown[] }>(
        sandbox.current,
        '/api/v1/catalog',
      )
    ).body;
    const got = await mcp.call('list_metrics');
    expect(got.isError).toBe(false);
    const metrics = got.structured['metrics'] as {
      metric: string;
      total_twin?: string;
      total_of?: string;
    }[];
    expect(metrics.map((m) => m.metric)).toEqual(catalog.metrics.map((m) => m.metric));
    expect(got.structured['providers']).toEqual(catalog.providers);
    expect(metrics.find((m) => m.metric === 'steps')?.total_twin).toBe('steps_total');
    expect(metrics.find((m) => m.metric === 'steps_total')?.total_of).toBe('steps');
    expect(metrics.find((m) => m.metric === 'walking_speed')?.total_twin).toBeUndefined();
    expect(got.structured['twins']).toEqual([
      { metric: 'active_energy', total: 'active_energy_total' },
      { metric: 'distance', total: 'distance_total' },
      { metric: 'steps', total: 'steps_total' },
    ]);
    expect(got.structured['window']).toEqual({
      plan: 'pro',
      history_window_days: 365,
      history_floor: addDays(TODAY, -364),
      source_cap: 10,
    });
    // The text a model reads is the same data.
    expect(JSON.parse(got.text.slice(got.text.indexOf('\n') + 1))).toEqual(got.structured);
  });
});

describe('get_profile and list_sources', () => {
  it('get_profile gives the profile and the plan window', async () => {
    const body = (await get<Record<string, unknown>>(sandbox.current, '/api/v1/profile')).body;
    const got = await mcp.call('get_profile');
    const { meta, ...profile } = body;
    expect(got.structured['profile']).toEqual(profile);
    expect(got.structured['window']).toEqual(meta);
  });

  it('list_sources gives every connected source', async () => {
    const body = (await get<{ data: unknown[]; meta: unknown }>(sandbox.current, '/api/v1/sources'))
      .body;
    const got = await mcp.call('list_sources');
    expect(got.structured['sources']).toEqual(body.data);
    expect(got.structured['window']).toEqual(body.meta);
    expect((got.structured['notes'] as string[]).join(' ')).toMatch(/never be added up/i);
  });
});

describe('query_metrics', () => {
  it('gives exactly the rows the sandbox holds, as series of date and value arrays', async () => {
    const from = addDays(TODAY, -40);
    const expected = await allRows(
      sandbox.current,
      `metric=steps_total,walking_speed&from=${from}`,
      1000,
    );
    const got = await mcp.call('query_metrics', {
      metrics: ['steps_total', 'walking_speed'],
      from,
    });
    expect(got.isError).toBe(false);
    expect(rowsOf(got.structured)).toEqual(sorted(expected));
    expect(got.structured['row_count']).toBe(expected.length);
    expect(got.structured['newest_date']).toBe(TODAY);
    expect(got.structured['oldest_date']).toBe(from);
    expect(got.structured['complete']).toBe(true);
    expect(got.structured['clamp']).toBeNull();
    expect((got.structured['window'] as { plan: string }).plan).toBe('pro');
  });

  it('follows every page: more rows than one API page', async () => {
    const from = addDays(TODAY, -59);
    const expected = await allRows(sandbox.current, `metric=heart_rate&from=${from}`, 1000);
    expect(expected.length).toBeGreaterThan(1000);
    expect(expected.length).toBeLessThanOrEqual(2000);
    const mark = sandbox.current.requests.length;
    const got = await mcp.call('query_metrics', { metrics: ['heart_rate'], from: '59d' });
    expect(rowsOf(got.structured)).toEqual(sorted(expected));
    expect(got.structured['complete']).toBe(true);
    const requests = metricsRequests(sandbox.current, mark);
    expect(requests.length).toBe(2);
    expect(requests[1]?.get('cursor')).toBeTruthy();
  });

  it('never adds up per-source rows, and says so where they appear', async () => {
    const from = addDays(TODAY, -9);
    const expected = await allRows(
      sandbox.current,
      `metric=steps&provider=PhoneHealth&from=${from}`,
      1000,
    );
    const got = await mcp.call('query_metrics', {
      metrics: ['steps'],
      providers: ['phonehealth'],
      from,
    });
    expect(rowsOf(got.structured)).toEqual(sorted(expected));
    const notes = (got.structured['notes'] as string[]).join(' ');
    expect(notes).toMatch(/steps has several rows on one day .* Never add them up/);
    expect(notes).toMatch(/steps_total/);
  });

  it('says when from was clamped to the history floor', async () => {
    const got = await mcp.call('query_metrics', { metrics: ['weight'], from: '2020-01-01' });
    const floor = addDays(TODAY, -364);
    expect(got.structured['clamp']).toEqual({
      requested_from: '2020-01-01',
      effective_from: floor,
    });
    expect((got.structured['notes'] as string[])[0]).toMatch(
      new RegExp(`from 2020-01-01 was clamped to ${floor}, the history floor of the pro plan`),
    );
    // weight is sparse: its oldest row lies on or after the floor.
    expect(String(got.structured['oldest_date']) >= floor).toBe(true);
  });

  it('caps a large answer, stops fetching, and says how to narrow', async () => {
    const expected = await allRows(sandbox.current, '', 1000);
    const mark = sandbox.current.requests.length;
    const got = await mcp.call('query_metrics', {});
    const rows = rowsOf(got.structured);
    expect(got.structured['complete']).toBe(false);
    expect(got.structured['left_out_by']).toBe('size_cap');
    expect(rows.length).toBe(2000);
    expect(rows).toEqual(sorted(expected.slice(0, 2000)));
    expect(got.structured['oldest_date']).toBe(expected[1999]?.date);
    // Well under the 25,000 tokens common clients accept (about 2.3 characters a token).
    expect(got.text.length).toBeLessThan(50_000);
    // Two pages of 1000 hold the answer; nothing past them was read.
    expect(metricsRequests(sandbox.current, mark).length).toBe(2);
    const notes = (got.structured['notes'] as string[]).join(' ');
    expect(notes).toMatch(/Rows were left out/);
    expect(notes).toMatch(/Narrow the query/);
    expect(got.text.split('\n')[0]).toMatch(/INCOMPLETE/);
  });

  it('honours limit, and asks the API for no more than it needs', async () => {
    const expected = await allRows(sandbox.current, 'metric=resting_heart_rate', 1000);
    const mark = sandbox.current.requests.length;
    const got = await mcp.call('query_metrics', { metrics: ['resting_heart_rate'], limit: 7 });
    expect(rowsOf(got.structured)).toEqual(sorted(expected.slice(0, 7)));
    expect(got.structured['left_out_by']).toBe('limit');
    expect((got.structured['notes'] as string[]).join(' ')).toMatch(/Raise limit/);
    const requests = metricsRequests(sandbox.current, mark);
    expect(requests.map((r) => r.get('limit'))).toEqual(['7']);
  });

  it('rejects bad arguments with a clear message, and keeps serving', async () => {
    const impossible = await mcp.call('query_metrics', { from: '2024-02-30' });
    expect(impossible.isError).toBe(true);
    expect(impossible.text).toBe(
      "healthdata: error: from '2024-02-30' is not a real calendar date — use YYYY-MM-DD, today, yesterday or Nd (N days ago, e.g. 30d)",
    );
    const overCap = await mcp.call('query_metrics', { limit: 2001 });
    expect(overCap.isError).toBe(true);
    expect(overCap.text).toMatch(/limit must be from 1 to 2000/);
    const swapped = await mcp.call('query_metrics', { from: '2026-11-10', to: '2026-11-01' });
    expect(swapped.text).toMatch(/from 2026-11-10 is after to 2026-11-01 — swap them/);
    const empty = await mcp.call('query_metrics', { metrics: [] });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/at least one metric/);
    const fine = await mcp.call('query_metrics', { metrics: ['weight'], from: '7d' });
    expect(fine.isError).toBe(false);
  });
});

describe('daily_summary', () => {
  const from = addDays(TODAY, -29);

  it('answers steps from steps_total, per provider, never from summed rows', async () => {
    const total = await allRows(sandbox.current, `metric=steps_total&from=${from}`, 1000);
    const steps = await allRows(sandbox.current, `metric=steps&from=${from}`, 1000);
    const got = await mcp.call('daily_summary', { metrics: ['steps'], from });
    expect(got.isError).toBe(false);
    const entries = got.structured['entries'] as Entry[];
    expect(entries.map((e) => [e.metric, e.provider, e.rule, e.from])).toEqual([
      ['steps', 'PhoneHealth', 'twin', 'steps_total'],
      ['steps', 'WristBand', 'row', 'steps'],
    ]);
    const [phone, band] = entries as [Entry, Entry];
    const byDate = [...total].reverse();
    expect(phone.daily?.date).toEqual(byDate.map((r) => r.date));
    expect(phone.daily?.value).toEqual(byDate.map((r) => r.numValue));
    expect(phone.max).toBe(Math.max(...total.map((r) => r.numValue as number)));
    expect(phone.latest).toEqual({ date: total[0]?.date, value: total[0]?.numValue });
    // The max of the summed per-app rows is never reported.
    const summed = new Map<string, number>();
    for (const r of steps.filter((r) => r.provider === 'PhoneHealth')) {
      summed.set(r.date, (summed.get(r.date) ?? 0) + (r.numValue as number));
    }
    const summedMax = Math.max(...summed.values());
    expect(summedMax).toBeGreaterThan(phone.max as number);
    expect(JSON.stringify(got.structured)).not.toContain(String(summedMax));
    expect(phone.rows_left_out).toBe(steps.filter((r) => r.provider === 'PhoneHealth').length);
    expect(phone.note).toMatch(
      /daily total from steps_total; the \d+ steps rows \(one per source app\) left out/,
    );
    const bandRows = steps.filter((r) => r.provider === 'WristBand').reverse();
    expect(band.daily?.value).toEqual(bandRows.map((r) => r.numValue));
  });

  it.each(['heart_rate', 'walking_heart_rate'])(
    'keeps several rows a day apart (%s): per-day rows, min, mean and max, never a sum',
    async (metric) => {
      const rows = await allRows(sandbox.current, `metric=${metric}&from=${from}`, 1000);
      const got = await mcp.call('daily_summary', { metrics: [metric], from });
      const [entry] = got.structured['entries'] as Entry[];
      expect(entry?.rule).toBe('several');
      // The newest day with more than one row.
      const day = rows.find((r) => rows.filter((x) => x.date === r.date).length > 1)?.date ?? '';
      const today = rows.filter((r) => r.date === day).map((r) => r.numValue as number);
      expect(today.length).toBeGreaterThan(1);
      const i = entry?.daily?.date.indexOf(day) ?? -1;
      expect(entry?.daily?.rows?.[i]).toBe(today.length);
      const mean = today.reduce((a, b) => a + b, 0) / today.length;
      expect(entry?.daily?.value?.[i]).toBeCloseTo(mean, 2);
      expect(entry?.daily?.min?.[i]).toBe(Math.min(...today));
      expect(entry?.daily?.max?.[i]).toBe(Math.max(...today));
      expect(entry?.max).toBe(Math.max(...rows.map((r) => r.numValue as number)));
      expect(entry?.note).toMatch(/never added up/);
      const sum = today.reduce((a, b) => a + b, 0);
      expect(entry?.daily?.value).not.toContain(sum);
    },
  );

  it('summarises text metrics by their most frequent values', async () => {
    const rows = await allRows(sandbox.current, `metric=mood&from=${from}`, 1000);
    const got = await mcp.call('daily_summary', { metrics: ['mood'], from });
    const [entry] = got.structured['entries'] as Entry[];
    expect(entry?.rule).toBe('text');
    const counts = new Map<string, number>();
    for (const r of rows)
      counts.set(r.textValue as string, (counts.get(r.textValue as string) ?? 0) + 1);
    for (const top of entry?.top_values ?? []) expect(top.count).toBe(counts.get(top.value));
  });

  it('with no metrics, covers every metric once and keeps the answer small', async () => {
    const got = await mcp.call('daily_summary', {});
    const entries = got.structured['entries'] as Entry[];
    const metrics = new Set(entries.map((e) => e.metric));
    expect(metrics.has('steps')).toBe(true);
    // A twin that answers its base is not listed a second time.
    expect(entries.some((e) => e.metric === 'steps_total')).toBe(false);
    expect(got.text.length).toBeLessThan(110_000);
  });

  it('gives the same entries as healthdata summary -f json', async () => {
    const cli = await runCli(
      ['summary', '-m', 'steps,heart_rate,mood', '--from', from, '-f', 'json', ...sandbox.args()],
      { clock: fixedClock(TODAY) },
    );
    expect(cli.code).toBe(0);
    const summary = (JSON.parse(cli.stdout) as { data: Record<string, unknown>[] }).data;
    const got = await mcp.call('daily_summary', { metrics: ['steps', 'heart_rate', 'mood'], from });
    const entries = got.structured['entries'] as unknown as Record<string, unknown>[];
    // Every column of summary, except the three MCP gives as structures instead of strings.
    const structured = ['latest', 'rows_per_day', 'top_values'];
    const fields = SUMMARY_COLUMNS.filter((c) => !structured.includes(c));
    expect(fields).toContain('note');
    const pick = (o: Record<string, unknown>) => fields.map((f) => o[f]);
    expect(entries.map(pick)).toEqual(summary.map(pick));
  });

  it('reports unknown names and bad dates clearly', async () => {
    const unknown = await mcp.call('daily_summary', { metrics: ['stepz'] });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/there is no metric 'stepz' in the catalog — call list_metrics/);
    const bad = await mcp.call('daily_summary', { to: '2025-13-01' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/to '2025-13-01' is not a real calendar date/);
  });
});
