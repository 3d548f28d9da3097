// query_metrics through the SDK's own client, against the sandbox: rows compared with the
// rows fetched from it directly; pages, the size cap, limit, the clamp and bad arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, allRows, metricsRequests, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { rowsOf, sorted } from '../helpers/mcp-rows.ts';
import { goodRows, row, useHostileApis } from '../helpers/misbehaving-api.ts';
import { API_KEY } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
});
afterAll(async () => {
  await mcp.close();
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
    // The names are in a data field; the note points at it, in the server's own words.
    const several = got.structured['several_rows'] as { metric: string; twin: string }[];
    expect(several.map((s) => [s.metric, s.twin])).toEqual([['steps', 'steps_total']]);
    const notes = (got.structured['notes'] as string[]).join(' ');
    expect(notes).toMatch(/listed in `several_rows` have several rows on one day .* Never add/);
    expect(notes).not.toMatch(/steps|PhoneHealth/);
  });

  it('says when from was clamped to the history floor', async () => {
    const got = await mcp.call('query_metrics', { metrics: ['weight'], from: '2020-01-01' });
    const floor = addDays(TODAY, -364);
    expect(got.structured['clamp']).toEqual({
      requested_from: '2020-01-01',
      effective_from: floor,
    });
    expect((got.structured['notes'] as string[])[0]).toMatch(
      new RegExp(
        `from 2020-01-01 was clamped to ${floor}, the history floor of the plan named in \`window.plan\` \\(365 days\\)`,
      ),
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

  it('a cut within one day points past that day, so following the note moves on', async () => {
    const first = await mcp.call('query_metrics', { metrics: ['steps'], limit: 1 });
    const day = first.structured['oldest_date'] as string;
    expect(first.structured['newest_date']).toBe(day);
    const note = (first.structured['notes'] as string[]).join(' ');
    const to = /call again with to: "(\d{4}-\d{2}-\d{2})"/.exec(note)?.[1];
    expect(to).toBe(addDays(day, -1));
    const next = await mcp.call('query_metrics', { metrics: ['steps'], limit: 1, to });
    expect((next.structured['newest_date'] as string) < day).toBe(true);
  });

  it('an empty answer from a from after today says so', async () => {
    const got = await mcp.call('query_metrics', { metrics: ['steps'], from: '2030-01-01' });
    expect(got.isError).toBe(false);
    expect(got.structured['row_count']).toBe(0);
    expect((got.structured['notes'] as string[]).join(' ')).toMatch(
      /^No rows match: from \(2030-01-01\) is after today \(\d{4}-\d{2}-\d{2}\)/,
    );
  });

  it('rejects bad arguments with a clear message, and keeps serving', async () => {
    const impossible = await mcp.call('query_metrics', { from: '2024-02-30' });
    expect(impossible.isError).toBe(true);
    expect(impossible.text).toBe(
      "healthdata: error: from '2024-02-30' is not a real calendar date — use YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny (N days, weeks, months or years ago, e.g. 30d, 1w, 3m, 1y)",
    );
    const overCap = await mcp.call('query_metrics', { limit: 2001 });
    expect(overCap.isError).toBe(true);
    expect(overCap.text).toMatch(/limit must be from 1 to 2000/);
    const swapped = await mcp.call('query_metrics', { from: '2026-11-10', to: '2026-11-01' });
    expect(swapped.text).toMatch(/from 2026-11-10 is after to 2026-11-01 — swap them/);
    const empty = await mcp.call('query_metrics', { metrics: [] });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/at least one metric/);
    const misspelt = await mcp.call('query_metrics', { metric: 'steps', from: '2d' });
    expect(misspelt.isError).toBe(true);
    expect(misspelt.text).toMatch(/unrecognized key.*"metric"/i);
    expect(misspelt.text).not.toMatch(/"series"/);
    const misspeltSummary = await mcp.call('daily_summary', { metric: ['steps'] });
    expect(misspeltSummary.isError).toBe(true);
    const fine = await mcp.call('query_metrics', { metrics: ['weight'], from: '7d' });
    expect(fine.isError).toBe(false);
  });

  it('a near miss of a catalog name is an error naming it; a name with nothing near, a note', async () => {
    const typo = await mcp.call('query_metrics', { metrics: ['stepz_total'], from: '2d' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toBe(
      "healthdata: error: no metric named 'stepz_total' in your catalog — did you mean 'steps_total'?",
    );
    const absent = await mcp.call('query_metrics', { metrics: ['zzzzzzzzzz'], from: '2d' });
    expect(absent.isError).toBe(false);
    expect(absent.structured['notes']).toContain(
      "No metric named 'zzzzzzzzzz' in your catalog: it has no rows in your plan's window.",
    );
  });
});

describe('query_metrics and daily_summary against a server that breaks the spec', () => {
  const hostile = useHostileApis();

  it('leave the rows out and say so in a note', async () => {
    const rows = goodRows('2026-11-22', 3);
    const api = await hostile({
      rows: [...rows, row('2099-01-01', 'Phone', 'steps_total', 1, 'count')],
      ignore: ['metric'],
    });
    const pair = await inMemoryServer(api.url, API_KEY);
    try {
      const got = await pair.call('query_metrics', { metrics: ['steps_total'] });
      expect(got.structured['row_count']).toBe(3);
      expect(got.structured['newest_date']).toBe('2026-11-22');
      expect(got.structured['notes']).toContain(
        'Dropped 1 row that breaks the API spec (1 dated 2099-01-01, after tomorrow), and 6 rows the API sent outside what was asked (6 of metrics not asked for). Rows that break the spec are data that could not be kept: they are missing here.',
      );
      const daily = await pair.call('daily_summary', { metrics: ['steps_total'] });
      expect((daily.structured['notes'] as string[]).join(' ')).toContain('Dropped 1 row');
      const entries = daily.structured['entries'] as { metric: string; last: string }[];
      expect(entries.map((e) => [e.metric, e.last])).toEqual([['steps_total', '2026-11-22']]);
    } finally {
      await pair.close();
    }
  });
});
