import { parseDate } from './dates.ts';
import { HttpError } from './reply.ts';

export const DEFAULT_LIMIT = 200;
export const MAX_LIMIT = 1000;

export interface MetricsRequest {
  /** Exact metric names, or null for all. */
  metrics: string[] | null;
  /** Lower-cased provider names, or null for all. */
  providers: string[] | null;
  from: { text: string; day: number } | null;
  to: { text: string; day: number } | null;
  limit: number;
  cursor: string | null;
}

const bad = (code: string, message: string) => new HttpError(400, code, message);

/** `metric=a&metric=b,c` → [a, b, c]; absent → null; present but naming nothing → 400. */
function names(params: URLSearchParams, name: string): string[] | null {
  const raw = params.getAll(name);
  if (raw.length === 0) return null;
  const list = raw.flatMap((v) => v.split(',')).map((v) => v.trim());
  const named = list.filter((v) => v !== '');
  if (named.length === 0) throw bad('invalid_parameter', `${name} must name at least one value`);
  return [...new Set(named)];
}

function single(params: URLSearchParams, name: string): string | null {
  const raw = params.getAll(name);
  if (raw.length > 1) throw bad('invalid_parameter', `${name} may be given only once`);
  return raw[0] ?? null;
}

function date(params: URLSearchParams, name: string): { text: string; day: number } | null {
  const text = single(params, name);
  if (text === null) return null;
  const day = parseDate(text);
  if (day === undefined) {
    throw bad('invalid_date', `${name} must be a calendar date as YYYY-MM-DD, got '${text}'`);
  }
  return { text, day };
}

function limit(params: URLSearchParams): number {
  const text = single(params, 'limit');
  if (text === null) return DEFAULT_LIMIT;
  const n = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_LIMIT)) {
    throw bad('invalid_limit', `limit must be an integer from 1 to ${MAX_LIMIT}, got '${text}'`);
  }
  return n;
}

export function parseMetricsQuery(params: URLSearchParams): MetricsRequest {
  const metrics = names(params, 'metric');
  const providerNames = names(params, 'provider');
  const from = date(params, 'from');
  const to = date(params, 'to');
  if (from && to && from.day > to.day) {
    throw bad('invalid_range', `from (${from.text}) is after to (${to.text})`);
  }
  const cursor = single(params, 'cursor');
  if (cursor === '') throw bad('invalid_cursor', 'cursor is empty');
  return {
    metrics,
    providers: providerNames && [...new Set(providerNames.map((p) => p.toLowerCase()))],
    from,
    to,
    limit: limit(params),
    cursor,
  };
}
