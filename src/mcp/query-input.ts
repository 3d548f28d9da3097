// Tool arguments → an API query, with the CLI's own date parsing and errors.
import type { MetricsQuery } from '../api/types.ts';
import { checkDateOrder, parseDateArg } from '../lib/dates.ts';
import { boundArray } from './fit/bound-json.ts';

export interface RangeInput {
  metrics?: string[] | undefined;
  providers?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function toQuery(input: RangeInput, nowMs: number): MetricsQuery {
  const query: MetricsQuery = {};
  if (input.metrics) query.metric = unique(input.metrics);
  if (input.providers) query.provider = unique(input.providers);
  if (input.from !== undefined) query.from = parseDateArg('from', input.from, nowMs);
  if (input.to !== undefined) query.to = parseDateArg('to', input.to, nowMs);
  checkDateOrder(query.from, query.to, ['from', 'to']);
  return query;
}

/**
 * The query as the answer repeats it. The names are the caller's own (at most 100 of 200
 * characters each), yet with a small --max-answer-bytes even they may not fit: past
 * `budget` bytes (of JSON, both lists) each list keeps its first names.
 */
export function echoQuery(
  query: MetricsQuery,
  budget = Number.POSITIVE_INFINITY,
): {
  metrics: string[] | null;
  providers: string[] | null;
  from: string | null;
  to: string | null;
} {
  const list = (names: readonly string[] | undefined): string[] | null =>
    names ? ((boundArray(names, budget / 2).value as string[] | undefined) ?? []) : null;
  return {
    metrics: list(query.metric),
    providers: list(query.provider),
    from: query.from ?? null,
    to: query.to ?? null,
  };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()))];
}
