// A metrics API over a list of rows, on 127.0.0.1, that can be told to misbehave: to ignore
// some filters (metric, provider, from, to) as a broken server would, or to serve rows that
// break the spec among good ones. Rows come newest first (by the text of their date), in
// pages with cursors; /catalog lists the good rows' names. The list can change between runs.
import { addDays } from '../../src/lib/dates.ts';
import { META, send, useTestServers, type MetricRowJson, type TestServer } from './test-server.ts';

export type Filter = 'metric' | 'provider' | 'from' | 'to';

export interface HostileApi {
  server: TestServer;
  url: string;
  /** What it serves; replace to change the data before the next run. */
  rows: unknown[];
  /** Filters it ignores. */
  ignore: Set<Filter>;
  /** The query of every metrics request so far. */
  metricsQueries(): URLSearchParams[];
}

export interface HostileOptions {
  rows: unknown[];
  ignore?: readonly Filter[];
  /** Pages in JSON.stringify's exact form (the proven fast path), or spaced (the general one). */
  spaced?: boolean;
}

const list = (q: URLSearchParams, name: string): string[] =>
  q.getAll(name).flatMap((v) => v.split(','));

/** Call at the top level of a test file; each API is closed after its test. */
export function useHostileApis(): (options: HostileOptions) => Promise<HostileApi> {
  const serve = useTestServers();
  return async (options) => {
    const api = {
      rows: options.rows,
      ignore: new Set(options.ignore ?? []),
    } as HostileApi;
    const server = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/catalog'))
        return send(res, 200, JSON.stringify(catalog(api.rows)));
      const q = url.searchParams;
      const [metrics, providers] = [
        list(q, 'metric'),
        list(q, 'provider').map((p) => p.toLowerCase()),
      ];
      const [from, to] = [q.get('from'), q.get('to')];
      const field = (row: unknown, key: string): unknown => (row as Record<string, unknown>)[key];
      const keeps = (row: unknown): boolean => {
        const [metric, provider, date] = ['metric', 'provider', 'date'].map((k) => field(row, k));
        const unless = (filter: Filter, ok: boolean): boolean => api.ignore.has(filter) || ok;
        return (
          unless(
            'metric',
            metrics.length === 0 || typeof metric !== 'string' || metrics.includes(metric),
          ) &&
          unless(
            'provider',
            providers.length === 0 ||
              typeof provider !== 'string' ||
              providers.includes(provider.toLowerCase()),
          ) &&
          unless('from', from === null || String(date) >= from) &&
          unless('to', to === null || String(date) <= to)
        );
      };
      const matching = newestFirst(api.rows).filter(keeps);
      const offset = Number(q.get('cursor') ?? 0);
      const limit = Number(q.get('limit') ?? 200);
      const data = matching.slice(offset, offset + limit);
      const next = offset + limit < matching.length ? String(offset + limit) : null;
      const body = { data, next_cursor: next, meta: META };
      send(res, 200, options.spaced ? JSON.stringify(body, null, 1) : JSON.stringify(body));
    });
    api.server = server;
    api.url = server.url;
    api.metricsQueries = () =>
      server.requests.filter((r) => r.path.endsWith('/metrics')).map((r) => r.query);
    return api;
  };
}

function newestFirst(rows: readonly unknown[]): unknown[] {
  const date = (row: unknown): string =>
    String(typeof row === 'object' && row !== null ? (row as { date?: unknown }).date : '');
  return [...rows].sort((a, b) => (date(a) < date(b) ? 1 : date(a) > date(b) ? -1 : 0));
}

function catalog(rows: readonly unknown[]): object {
  const metrics = new Map<string, Set<string>>();
  for (const row of rows as Partial<MetricRowJson>[]) {
    if (typeof row.metric !== 'string' || typeof row.provider !== 'string') continue;
    metrics.set(row.metric, (metrics.get(row.metric) ?? new Set()).add(row.provider));
  }
  return { metrics: [...metrics].map(([metric, p]) => ({ metric, providers: [...p] })) };
}

/**
 * `days` days of good rows up to `newest`, newest first: each day steps_total (Phone), weight
 * (Scale) and resting_heart_rate (Watch), with values that change with `version`.
 */
export function goodRows(newest: string, days: number, version = 0): MetricRowJson[] {
  const out: MetricRowJson[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(newest, -d);
    const n = d + version * 1000;
    out.push(
      row(date, 'Phone', 'steps_total', 5000 + n, 'count'),
      row(date, 'Scale', 'weight', 70 + d / 10, 'kg'),
      row(date, 'Watch', 'resting_heart_rate', 50 + (n % 7), 'bpm'),
    );
  }
  return out;
}

export function row(
  date: string,
  provider: string,
  metric: string,
  numValue: number | null,
  unit: string | null,
): MetricRowJson {
  return { date, provider, metric, numValue, textValue: null, unit, stream: false };
}
