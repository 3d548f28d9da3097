// Sandboxes for tests, on 127.0.0.1 with an ephemeral port and a fixed "today", and helpers
// for talking to them over real HTTP.
import { afterAll, beforeAll } from 'vitest';
import type { MetricRow, MetricsPage } from '../../src/api/types.ts';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.ts';
import { startSandbox } from '../../src/sandbox/index.ts';

import { TODAY } from './today.ts';

export { TODAY };

/** A sandbox per test file. */
export function useSandbox(options: SandboxOptions = {}): {
  readonly current: Sandbox;
  args(): string[];
} {
  const holder: { sandbox?: Sandbox } = {};
  beforeAll(async () => {
    holder.sandbox = await startSandbox({ today: TODAY, ...options });
  });
  afterAll(async () => {
    await holder.sandbox?.close();
  });
  return {
    get current(): Sandbox {
      if (!holder.sandbox) throw new Error('sandbox not started');
      return holder.sandbox;
    },
    args(): string[] {
      const s = this.current;
      return ['--base-url', s.url, '--api-key', s.apiKey];
    },
  };
}

/** The metrics requests the sandbox saw since `mark`, with their query parameters. */
export function metricsRequests(sandbox: Sandbox, mark = 0): URLSearchParams[] {
  return sandbox.requests
    .slice(mark)
    .filter((r) => r.path.startsWith('/api/v1/metrics'))
    .map((r) => new URL(r.path, 'http://x').searchParams);
}

export function start(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ today: TODAY, ...options });
}

export interface Got<T> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface GetOptions {
  /** The bearer key; default the sandbox's key; null sends no Authorization header. */
  key?: string | null;
  method?: string;
  headers?: Record<string, string>;
}

export async function get<T = unknown>(
  sb: Sandbox,
  path: string,
  options: GetOptions = {},
): Promise<Got<T>> {
  const key = options.key === undefined ? sb.apiKey : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${sb.url}${path}`, { method: options.method ?? 'GET', headers });
  const text = await res.text();
  const body = (text === '' ? null : JSON.parse(text)) as T;
  return { status: res.status, headers: res.headers, text, body };
}

/** A metrics page that must succeed. */
export async function page(sb: Sandbox, query = ''): Promise<MetricsPage> {
  const got = await get<MetricsPage>(sb, `/api/v1/metrics${query ? `?${query}` : ''}`);
  if (got.status !== 200) throw new Error(`metrics?${query} → ${got.status}: ${got.text}`);
  return got.body;
}

/** Every row of a query, following next_cursor with the given page size. */
export async function allRows(sb: Sandbox, query: string, limit: number): Promise<MetricRow[]> {
  const rows: MetricRow[] = [];
  let cursor: string | null = null;
  do {
    const q: string[] = [query, `limit=${limit}`];
    if (cursor !== null) q.push(`cursor=${encodeURIComponent(cursor)}`);
    const p = await page(sb, q.filter((s) => s !== '').join('&'));
    rows.push(...p.data);
    cursor = p.next_cursor;
  } while (cursor !== null);
  return rows;
}

export function errorOf(body: unknown): { code: string; message: string } {
  return (body as { error: { code: string; message: string } }).error;
}

/** Day number arithmetic for expectations, on UTC calendar dates. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
