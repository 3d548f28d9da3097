// An in-memory metrics API for the pagination tests: pages of synthetic rows with cursors that
// are deliberately not offsets.
import type { FetchedPage, FetchPage } from '../../src/api/pagination/types.ts';
import type { MetricRow, MetricsPage, MetricsQuery } from '../../src/api/types.ts';
import { addDays } from '../../src/lib/dates.ts';

export const meta = {
  plan: 'pro',
  history_window_days: 365,
  history_floor: '2026-01-01',
  source_cap: 3,
};

/** A fetched page whose cursor hint is right unless told otherwise. */
export function fetched(
  page: MetricsPage,
  hint: string | null | undefined = page.next_cursor,
): FetchedPage {
  return { cursorHint: hint, parse: () => ({ ...page, cut: false }) };
}

/** An in-memory API over `rows` (newest first) with cursors that are deliberately not offsets. */
export function fakeApi(rows: MetricRow[]) {
  const calls: { query: MetricsQuery; cursor: string | undefined; limit: number }[] = [];
  const signals: AbortSignal[] = [];
  const fetchPage: FetchPage = async (query, cursor, limit, signal) => {
    calls.push({ query, cursor, limit });
    await new Promise((r) => setTimeout(r, 1));
    signals.push(signal);
    const matching = rows.filter(
      (r) =>
        (query.from === undefined || r.date >= query.from) &&
        (query.to === undefined || r.date <= query.to),
    );
    // Standard base64 has '+', '/' and '=': characters that must survive URL encoding.
    const offset =
      cursor === undefined ? 0 : Number(Buffer.from(cursor, 'base64').toString().slice(4, -3));
    const data = matching.slice(offset, offset + limit);
    const end = offset + data.length;
    const next = end < matching.length ? Buffer.from(`pos:${end}??>`).toString('base64') : null;
    return fetched({ data, next_cursor: next, meta });
  };
  // Whether each request's signal is aborted, read when asked (not at a moment of the fake's
  // choosing, which would make the answer depend on how busy the machine is).
  return { fetchPage, calls, aborted: () => signals.map((s) => s.aborted) };
}

export function rowsFor(days: number, perDay: number, newest = '2026-11-22'): MetricRow[] {
  const rows: MetricRow[] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      rows.push({
        date: addDays(newest, -d),
        provider: 'P',
        metric: `m${i}`,
        numValue: d * 100 + i,
        textValue: null,
        unit: null,
        stream: false,
      });
    }
  }
  return rows;
}

export async function collect<T>(pages: AsyncIterable<{ data: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page.data);
  return out;
}
