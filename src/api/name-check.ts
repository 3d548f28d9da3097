// -m and -p names against the catalog, before anything is written. A near miss of a catalog
// name is a typo: a usage error naming the name meant, so a cron job with `-m stepz_total`
// fails the day it is written instead of syncing nothing for ever. A name the catalog lacks,
// with nothing near, is only absent (no rows in the plan's window): a notice.
import { catalogMetrics } from './catalog.ts';
import type { HealthClient } from './client.ts';
import { isRecord } from '../lib/json.ts';
import { closestName } from '../lib/closest-name.ts';
import { HealthdataError, UsageError } from '../lib/errors.ts';
import type { MetricsQuery } from './types.ts';

export interface CatalogNames {
  metrics: string[];
  providers: string[];
}

export interface NameCheck {
  /** One notice per name the catalog does not have, with nothing near it. */
  absent: string[];
  /** The names the catalog lists, when it could be read (for other questions of the run). */
  catalog?: CatalogNames;
  /** Why the names could not be checked (the catalog failed or is unreadable), if so. */
  unchecked?: string;
}

/**
 * Throws a UsageError naming every typo; returns the names that are merely absent. Metric
 * names are matched exactly (`-m Steps` is a typo of `steps`), providers in any case. A kind
 * the catalog lists nothing of is not checked: the catalog's shape is not in the spec.
 */
export function checkNames(query: MetricsQuery, catalog: CatalogNames): NameCheck {
  const typos: string[] = [];
  const absent: string[] = [];
  const check = (
    kind: string,
    asked: readonly string[] | undefined,
    known: string[],
    anyCase: boolean,
  ): void => {
    if (asked === undefined || known.length === 0) return;
    const fold = (name: string): string => (anyCase ? name.toLowerCase() : name);
    const names = new Set(known.map(fold));
    for (const name of asked) {
      if (names.has(fold(name))) continue;
      const near = closestName(name, known);
      if (near !== undefined)
        typos.push(`no ${kind} named '${name}' in your catalog — did you mean '${near}'?`);
      else
        absent.push(
          `no ${kind} named '${name}' in your catalog: it has no rows in your plan's window`,
        );
    }
  };
  check('metric', query.metric, catalog.metrics, false);
  check('provider', query.provider, catalog.providers, true);
  if (typos.length > 0) throw new UsageError(typos.join('; '), 'unknown_name');
  return { absent, catalog };
}

/**
 * Asks the catalog (through `read`, e.g. a cache of it) and checks the query's names; only a
 * refused key or a stop is thrown on.
 */
export async function fetchNameCheck(
  client: HealthClient,
  query: MetricsQuery,
  signal: AbortSignal,
  read: () => Promise<unknown> = async () =>
    (await client.getJson('api/v1/catalog', undefined, signal)).body,
): Promise<NameCheck> {
  let body: unknown;
  try {
    body = await read();
  } catch (error) {
    if (signal.aborted || (error instanceof HealthdataError && error.kind === 'auth')) throw error;
    // The export itself can still work: the names are then the server's to match.
    return { absent: [], unchecked: `the catalog could not be read (${(error as Error).message})` };
  }
  return checkNames(query, catalogNames(body));
}

/**
 * `items`, once `check` has passed. The first item is asked for at once, so its request runs
 * beside the check's; if the check fails, `abort` stops it and nothing is yielded.
 */
export async function* afterCheck<T>(
  items: AsyncIterable<T>,
  check: Promise<unknown>,
  abort: () => void,
): AsyncGenerator<T, void, undefined> {
  const iterator = items[Symbol.asyncIterator]();
  const first = iterator.next();
  first.catch(() => undefined);
  try {
    await check;
  } catch (error) {
    abort();
    await first.catch(() => undefined);
    await iterator.return?.();
    throw error;
  }
  try {
    for (let next = await first; next.done !== true; next = await iterator.next()) {
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * The catalog's shape is not in the spec, so names are gathered leniently: metrics as
 * catalog.ts reads them, providers as strings or the `provider`/`name` field of objects, in
 * a top-level `providers` array or in each metric's.
 */
export function catalogNames(body: unknown): CatalogNames {
  const providers = new Set<string>();
  const pick = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    for (const item of value as unknown[]) {
      const name = isRecord(item) ? (item['provider'] ?? item['name']) : item;
      if (typeof name === 'string') providers.add(name);
    }
  };
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? (body['metrics'] ?? body['data'])
      : undefined;
  if (Array.isArray(list))
    for (const item of list as unknown[]) if (isRecord(item)) pick(item['providers']);
  if (isRecord(body)) pick(body['providers']);
  return { metrics: [...(catalogMetrics(body)?.keys() ?? [])], providers: [...providers] };
}
