// Why a metrics query came back empty, in words: a --from after today, a range wholly before
// the plan's history floor, or a metric/provider name the account does not have (with the
// nearest one it does).
// The catalog is asked only when the result is empty, so normal runs pay nothing.
import type { HealthClient } from '../api/client.ts';
import type { Meta, MetricsQuery } from '../api/types.ts';
import { closestName } from '../lib/closest-name.ts';
import type { Notices } from './notices.ts';

export interface CatalogNames {
  metrics: string[];
  providers: string[];
}

/**
 * Reasons found before asking the catalog. `today` is the local date: a --from after it is
 * only a reason once the result is empty, since a server a time zone ahead may have rows.
 */
export function rangeReason(
  query: MetricsQuery,
  meta: Meta | undefined,
  today: string,
): string | undefined {
  if (query.from !== undefined && query.from > today) {
    return `--from ${query.from} is after today (${today}), so there is no data yet — use a date on or before today, e.g. --from 30d`;
  }
  const floor = meta?.history_floor;
  if (floor && query.to !== undefined && query.to < floor) {
    return `nothing before ${floor} is available on your ${meta.plan} plan`;
  }
  return undefined;
}

/** Reasons from the catalog: names asked for that it does not list. */
export function nameReasons(query: MetricsQuery, catalog: CatalogNames): string[] {
  const reasons: string[] = [];
  // Metric names are matched exactly (`-m Steps` finds nothing), provider names in any case.
  const check = (
    kind: string,
    asked: readonly string[] | undefined,
    known: string[],
    anyCase: boolean,
  ): void => {
    if (known.length === 0) return;
    const fold = (name: string): string => (anyCase ? name.toLowerCase() : name);
    const names = new Set(known.map(fold));
    for (const name of asked ?? []) {
      if (names.has(fold(name))) continue;
      const near = closestName(name, known);
      reasons.push(`no ${kind} named '${name}'${near ? `; did you mean '${near}'?` : ''}`);
    }
  };
  check('metric', query.metric, catalog.metrics, false);
  check('provider', query.provider, catalog.providers, true);
  return reasons;
}

/**
 * The catalog's shape is not in the spec, so names are gathered leniently: strings, or the
 * `metric`/`provider`/`name` field of objects, in arrays under `metrics` and `providers`.
 */
export function catalogNames(body: unknown): CatalogNames {
  const names = new Set<string>();
  const providers = new Set<string>();
  const pick = (value: unknown, field: 'metric' | 'provider', into: Set<string>): void => {
    if (!Array.isArray(value)) return;
    for (const item of value) {
      if (typeof item === 'string') into.add(item);
      else if (typeof item === 'object' && item !== null) {
        const record = item as Record<string, unknown>;
        const name = record[field] ?? record['name'];
        if (typeof name === 'string') into.add(name);
        if (field === 'metric') pick(record['providers'], 'provider', providers);
      }
    }
  };
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    pick(record['metrics'], 'metric', names);
    pick(record['providers'], 'provider', providers);
  }
  return { metrics: [...names], providers: [...providers] };
}

/** An empty result is explained on stderr; the catalog is asked only now, and only if it can help. */
export async function explainEmpty(
  client: HealthClient,
  query: MetricsQuery,
  meta: Meta | undefined,
  today: string,
  signal: AbortSignal,
  notices: Notices,
): Promise<void> {
  const range = rangeReason(query, meta, today);
  if (range !== undefined) return notices.warn(range);
  if (!query.metric && !query.provider) return;
  const catalog = await client.getJson('api/v1/catalog', undefined, signal).catch(() => undefined);
  if (catalog === undefined) return;
  for (const reason of nameReasons(query, catalogNames(catalog.body))) notices.warn(reason);
}
