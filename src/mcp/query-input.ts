// Tool arguments → an API query, with the CLI's own date parsing and errors.
import { UsageError } from '../lib/errors.ts';
import type { MetricsQuery } from '../api/types.ts';
import { parseDateArg } from '../lib/dates.ts';

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
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new UsageError(
      `from ${query.from} is after to ${query.to} — swap them, or widen the range`,
      'bad_range',
    );
  }
  return query;
}

export function echoQuery(query: MetricsQuery): {
  metrics: string[] | null;
  providers: string[] | null;
  from: string | null;
  to: string | null;
} {
  return {
    metrics: query.metric ? [...query.metric] : null,
    providers: query.provider ? [...query.provider] : null,
    from: query.from ?? null,
    to: query.to ?? null,
  };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()))];
}
