// One catalog read for the daily reads (summary, chart, insight, report, the MCP tools): a
// catalog that fails (a 500, a network error after the retries) or has a shape catalog.ts
// cannot read is no reason to fail the read: it goes on without the names, the same way on
// every surface (src/daily/asked-names.ts). A refused key and a stop are not failures of the
// catalog: they end the run.
import { catalogMetrics, type CatalogMetric } from './catalog.ts';
import { HealthdataError } from '../lib/errors.ts';

export interface CatalogRead {
  /** The body as sent; undefined when the request failed. */
  body: unknown;
  /** The metric names, or undefined when the catalog could not be read. */
  metrics: Map<string, CatalogMetric> | undefined;
  /** Why the names are unknown, when they are. */
  unread?: string;
}

export async function readCatalogOrNone(
  read: () => Promise<unknown>,
  signal: AbortSignal | undefined,
): Promise<CatalogRead> {
  let body: unknown;
  try {
    body = await read();
  } catch (error) {
    if (
      signal?.aborted ||
      (error instanceof HealthdataError && (error.kind === 'auth' || error.kind === 'cancelled'))
    )
      throw error;
    return { body: undefined, metrics: undefined, unread: (error as Error).message };
  }
  const metrics = catalogMetrics(body);
  return metrics === undefined
    ? { body, metrics, unread: 'its metric names are in no shape healthdata reads' }
    : { body, metrics };
}
