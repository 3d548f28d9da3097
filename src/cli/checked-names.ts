// What the data commands share around the row guard and the catalog check: the -m/-p names
// checked before anything is written, and the one line about rows the API sent that were
// dropped (src/api/dropped.ts). --quiet hides the warnings, never the errors: a typo of a
// name and rows that break the spec fail the run.
import type { HealthClient } from '../api/client.ts';
import type { DropTally } from '../api/dropped.ts';
import { fetchNameCheck, type CatalogNames } from '../api/name-check.ts';
import type { MetricsQuery } from '../api/types.ts';
import type { Notices } from './notices.ts';

/**
 * With -m or -p, the catalog request, started now; it rejects with a usage error on a typo,
 * says what it found absent, and gives the catalog's names (undefined if unreadable).
 * Undefined when no name was given.
 */
export function startNameCheck(
  client: HealthClient,
  query: MetricsQuery,
  signal: AbortSignal,
  notices: Notices,
): Promise<CatalogNames | undefined> | undefined {
  if (query.metric === undefined && query.provider === undefined) return undefined;
  const check = fetchNameCheck(client, query, signal).then(({ absent, unchecked, catalog }) => {
    for (const line of absent) notices.warn(line);
    if (unchecked !== undefined) notices.verbose(`-m/-p names not checked: ${unchecked}`);
    return catalog;
  });
  // Awaited only once the first page is in: until then, a typo must not be "unhandled".
  check.catch(() => undefined);
  return check;
}

/**
 * After a complete run: rows dropped only for lying outside the request are a warning; rows
 * that broke the spec make the run fail with the same line (exit 1), the rest being written.
 */
export function reportDropped(tally: DropTally, notices: Notices, suffix = ''): void {
  const error = tally.error(suffix);
  if (error !== undefined) throw error;
  const said = tally.describe();
  if (said !== undefined) notices.warn(said.line);
}
