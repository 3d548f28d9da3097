// daily_summary through the SDK's own client, against the sandbox: values compared with the
// raw rows and with 'healthdata summary -f json'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_COLUMNS } from '../../src/output/summary/record.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
});
afterAll(async () => {
  await mcp.close();
});

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
      /^daily total from the twin named in `from`; the \d+ rows of `metric` itself \(one per source app\) left out$/,
    );
    const bandRows = steps.filter((r) => r.provider === 'WristBand').reverse();
    expect(band.daily?.value).toEqual(bandRows.map((r) => r.numValue));
  });

  it.each(['heart_rate', 'walking_heart_rate'])(
    'keeps several rows a day apart (%s): per-day rows, min, mean and max, never a sum; stats over days',
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
      // Statistics are over the daily values (each day's mean), never over rows.
      expect(entry?.max).toBeCloseTo(Math.max(...(entry?.daily?.value ?? [])), 2);
      expect(entry?.max).toBeLessThanOrEqual(Math.max(...rows.map((r) => r.numValue as number)));
      expect(entry?.note).toMatch(/never their sum/);
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
    // Every column of summary, except the three MCP gives as structures instead of strings,
    // and the note, which names the metric and twin by their fields (names are API text).
    const structured = ['latest', 'rows_per_day', 'top_values', 'note'];
    const fields = SUMMARY_COLUMNS.filter((c) => !structured.includes(c));
    const pick = (o: Record<string, unknown>) => fields.map((f) => o[f]);
    expect(entries.map(pick)).toEqual(summary.map(pick));
    // Notes without names are the same words.
    const named = (o: Record<string, unknown>) => o['rule'] === 'twin';
    expect(entries.filter((e) => !named(e)).map((e) => e['note'])).toEqual(
      summary.filter((e) => !named(e)).map((e) => e['note']),
    );
  });

  it('reports unknown names and bad dates clearly', async () => {
    const unknown = await mcp.call('daily_summary', { metrics: ['stepz'] });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toBe(
      "healthdata: error: no metric named 'stepz' in your catalog — did you mean 'steps'?",
    );
    const absent = await mcp.call('daily_summary', { metrics: ['zzzzzzzzzz'] });
    expect(absent.isError).toBeFalsy();
    expect(absent.structured['notes']).toContain(
      "No metric named 'zzzzzzzzzz' in your catalog: it has no rows in your plan's window.",
    );
    const bad = await mcp.call('daily_summary', { to: '2025-13-01' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/to '2025-13-01' is not a real calendar date/);
  });
});
