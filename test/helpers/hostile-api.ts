// A hostile API for the MCP tests: the four endpoints, answered from what a test gives (huge
// catalogs, sources and profiles, pages that never end, names that carry instructions), on a
// real loopback server (test-server.ts).
import { META, send, type Handler, type MetricRowJson } from './test-server.ts';

export interface MetricsPageReply {
  data: MetricRowJson[];
  next: string | null;
  meta?: unknown;
}

export interface HostileApi {
  catalog?: unknown;
  sources?: unknown;
  profile?: unknown;
  /** Page `n` (0 for the first request, else the number the cursor carries). */
  page?: (n: number, query: URLSearchParams) => MetricsPageReply;
}

/** A cursor for page `n`, `bytes` long: fresh each time, so no cursor ever repeats. */
export function cursorFor(n: number, bytes = 32): string {
  const head = `c${n}-`;
  const fill = Math.random()
    .toString(36)
    .slice(2)
    .repeat(Math.ceil(bytes / 8));
  return (head + fill).slice(0, Math.max(bytes, head.length + 1));
}

export function hostileApi(api: HostileApi): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const doc = (body: unknown) => send(res, 200, JSON.stringify(body));
    if (url.pathname === '/api/v1/catalog') return doc(api.catalog ?? { metrics: [], meta: META });
    if (url.pathname === '/api/v1/sources') return doc(api.sources ?? { sources: [], meta: META });
    if (url.pathname === '/api/v1/profile') return doc(api.profile ?? { meta: META });
    if (url.pathname === '/api/v1/metrics') {
      const cursor = url.searchParams.get('cursor');
      const n = cursor === null ? 0 : Number(/^c(\d+)-/.exec(cursor)?.[1] ?? 0);
      const reply = api.page?.(n, url.searchParams) ?? { data: [], next: null };
      return doc({ data: reply.data, next_cursor: reply.next, meta: reply.meta ?? META });
    }
    send(res, 404, '{"error":{"code":"not_found","message":"no such path"}}');
  };
}

/** YYYY-MM-DD, `days` before 2026-11-22. */
export function dayBefore(days: number): string {
  return new Date(Date.UTC(2026, 10, 22) - days * 86_400_000).toISOString().slice(0, 10);
}

export function row(
  date: string,
  metric: string,
  provider: string,
  value: number | string,
  unit: string | null = 'count',
): MetricRowJson {
  return {
    date,
    provider,
    metric,
    numValue: typeof value === 'number' ? value : null,
    textValue: typeof value === 'string' ? value : null,
    unit,
    stream: false,
  };
}

/**
 * Pages that never end: page n holds `perPage` rows, newest first, across `metrics` metrics,
 * each day older than the last page's, with a fresh cursor of `cursorBytes`; `text` makes
 * each row carry a fresh text value of that many characters instead of a number.
 */
export function endless(options: {
  perPage: number;
  metrics?: number;
  cursorBytes?: number;
  text?: number;
}): (n: number) => MetricsPageReply {
  const metrics = options.metrics ?? 20;
  const perDay = Math.min(metrics, options.perPage);
  const daysPerPage = Math.ceil(options.perPage / perDay);
  return (n) => {
    const data: MetricRowJson[] = [];
    for (let i = 0; i < options.perPage; i++) {
      const day = dayBefore(n * daysPerPage + Math.floor(i / perDay));
      const value = options.text
        ? `${n}-${i}-`.padEnd(options.text, Math.random().toString(36))
        : n * 1000 + i;
      data.push(row(day, `m${i % perDay}`, 'P', value));
    }
    return { data, next: cursorFor(n + 1, options.cursorBytes) };
  };
}
