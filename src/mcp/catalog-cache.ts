// The tools check the names they are asked for against the catalog (api/name-check.ts), and
// the daily ones read `_total` twins from it. An AI app asks many questions in one session,
// mostly of names it read from list_metrics, and a catalog read per call doubled the API
// requests of each call (each one counted against the user's rate limit; for the daily tools
// a round trip before the first page) for an answer that had not changed. A catalog read in
// the last CATALOG_TTL_MS answers for every name it lists; a name it lacks is checked against
// a fresh read before it is called absent or a typo, so a metric that appeared since is never
// refused.
import type { HealthClient } from '../api/client.ts';
import {
  catalogNames,
  checkNames,
  fetchNameCheck,
  type CatalogNames,
  type NameCheck,
} from '../api/name-check.ts';
import type { MetricsQuery } from '../api/types.ts';
import { UsageError } from '../lib/errors.ts';

/** How long a catalog read answers for the names it lists: new metrics seldom come faster. */
export const CATALOG_TTL_MS = 5 * 60_000;

interface Read {
  body: unknown;
  names: CatalogNames;
  at: number;
}

/**
 * Per client: a client is made per key (settings read again after a 401 make a new one), so a
 * catalog never answers for another key, and goes with its client.
 */
const reads = new WeakMap<HealthClient, Read>();

/**
 * A read under way, per client. An app may send its calls at once: each would read the
 * catalog. A call that finds one under way takes its answer, as fresh as its own would be.
 */
const underWay = new WeakMap<HealthClient, Promise<Read>>();

/** The catalog's body: a recent read when it lists every name `query` asks for, else a new one. */
export async function readCatalog(
  client: HealthClient,
  query: MetricsQuery,
  now: number,
  signal: AbortSignal,
): Promise<unknown> {
  const read = recent(client, query, now);
  if (read !== undefined) return read.body;
  const shared = underWay.get(client);
  if (shared !== undefined) {
    // Another call's read: if it fails (or that call is cancelled), this call reads its own.
    const got = await shared.catch(() => undefined);
    if (got !== undefined) return got.body;
  }
  const reading = (async (): Promise<Read> => {
    const { body } = await client.getJson('api/v1/catalog', undefined, signal);
    const fresh = { body, names: catalogNames(body), at: now };
    reads.set(client, fresh);
    return fresh;
  })();
  underWay.set(client, reading);
  try {
    return (await reading).body;
  } finally {
    if (underWay.get(client) === reading) underWay.delete(client);
  }
}

/** fetchNameCheck, answered by a recent catalog read when it lists every name asked. */
export async function cachedNameCheck(
  client: HealthClient,
  query: MetricsQuery,
  now: number,
  signal: AbortSignal,
): Promise<NameCheck> {
  const read = recent(client, query, now);
  if (read !== undefined) return { absent: [], catalog: read.names };
  return fetchNameCheck(client, query, signal, () => readCatalog(client, query, now, signal));
}

function recent(client: HealthClient, query: MetricsQuery, now: number): Read | undefined {
  const read = reads.get(client);
  if (read === undefined || now < read.at || now - read.at >= CATALOG_TTL_MS) return undefined;
  return listsAll(query, read.names) ? read : undefined;
}

function listsAll(query: MetricsQuery, names: CatalogNames): boolean {
  try {
    return checkNames(query, names).absent.length === 0;
  } catch (error) {
    if (error instanceof UsageError) return false;
    throw error;
  }
}
