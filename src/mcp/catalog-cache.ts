// query_metrics checks the names it is asked for against the catalog (api/name-check.ts). An
// AI app asks many queries in one session, mostly of names it read from list_metrics, and a
// catalog read beside every query doubled the API requests of each call (each one counted
// against the user's rate limit) for an answer that had not changed. A catalog read in the
// last CATALOG_TTL_MS confirms the names it lists; a name it lacks is checked against a fresh
// read before it is called absent or a typo, so a metric that appeared since is never refused.
import type { HealthClient } from '../api/client.ts';
import {
  checkNames,
  fetchNameCheck,
  type CatalogNames,
  type NameCheck,
} from '../api/name-check.ts';
import type { MetricsQuery } from '../api/types.ts';
import { UsageError } from '../lib/errors.ts';

/** How long a catalog read confirms names: new metrics seldom appear more often than this. */
export const CATALOG_TTL_MS = 5 * 60_000;

/**
 * Per client: a client is made per key (settings read again after a 401 make a new one), so a
 * catalog never confirms names for another key, and goes with its client.
 */
const reads = new WeakMap<HealthClient, { names: CatalogNames; at: number }>();

/** checkNames against a recent catalog read when it lists every name, else fetchNameCheck. */
export async function cachedNameCheck(
  client: HealthClient,
  query: MetricsQuery,
  now: number,
  signal: AbortSignal,
): Promise<NameCheck> {
  const read = reads.get(client);
  if (read !== undefined && now >= read.at && now - read.at < CATALOG_TTL_MS) {
    const check = confirmed(query, read.names);
    if (check !== undefined) return check;
  }
  const check = await fetchNameCheck(client, query, signal);
  if (check.catalog !== undefined) reads.set(client, { names: check.catalog, at: now });
  return check;
}

/** The check when `names` lists every name asked; undefined when a fresh read must decide. */
function confirmed(query: MetricsQuery, names: CatalogNames): NameCheck | undefined {
  try {
    const check = checkNames(query, names);
    return check.absent.length === 0 ? check : undefined;
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}
