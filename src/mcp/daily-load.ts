// The daily summaries a tool computes with (daily_summary, trend, find_anomalies,
// compare_periods, correlate): the catalog first (a recent read of it that lists every name
// asked: catalog-cache.ts), so that `steps` is read from `steps_total` and an unknown name is
// refused before any row is read; then every page once, within the bounds of
// summary-reader.ts. The same rules as `healthdata summary`: the same catalog read
// (api/catalog-read.ts), the same twins asked for (daily/asked-names.ts), src/daily's values.
import { readCatalogOrNone } from '../api/catalog-read.ts';
import type { FetchPage } from '../api/pagination/types.ts';
import type { MetricsQuery } from '../api/types.ts';
import { namesToFetch, UNREAD_CATALOG } from '../daily/asked-names.ts';
import type { MetricSummary } from '../daily/index.ts';
import { DropTally } from '../api/dropped.ts';
import { catalogNames, checkNames } from '../api/name-check.ts';
import { readCatalog } from './catalog-cache.ts';
import { droppedNote, sentence, unheldNote } from './notes.ts';
import type { ToolDeps } from './deps.ts';
import { newReadState, type ReadState } from '../daily/bounded-reader.ts';
import { readBounded } from './summary-reader.ts';

export interface LoadedSummaries {
  summaries: MetricSummary[];
  state: ReadState;
  /** The tool's own words about what was read (never the API's text). */
  notes: string[];
}

export async function loadSummaries(
  deps: ToolDeps,
  query: MetricsQuery,
  signal: AbortSignal,
): Promise<LoadedSummaries> {
  const client = await deps.client();
  const notes: string[] = [];
  const read = await readCatalogOrNone(
    () => readCatalog(client, query, deps.now(), signal),
    signal,
  );
  const catalog = read.metrics;
  const wanted = query.metric;
  // A typo is an error result naming the name meant; a name simply absent, a note.
  notes.push(...checkNames(query, catalogNames(read.body)).absent.map(sentence));
  // The reason stays out: it may hold the API's text, and notes are this server's words.
  if (!catalog) notes.push(`The catalog could not be read: ${UNREAD_CATALOG}.`);
  const fetched: MetricsQuery = wanted
    ? { ...query, metric: namesToFetch(wanted, catalog) }
    : query;
  const state = newReadState();
  const fetchPage: FetchPage = (q, cursor, size, s) => client.fetchMetricsPage(q, cursor, size, s);
  const tally = new DropTally();
  const options = {
    ...(catalog ? { catalog: catalog.keys() } : {}),
    ...(wanted ? { metrics: wanted } : {}),
  };
  const summaries = await readBounded(fetchPage, fetched, signal, state, options, tally);
  const dropped = droppedNote(tally);
  if (dropped !== undefined) notes.push(dropped);
  const unheld = unheldNote(summaries);
  if (unheld !== undefined) notes.push(unheld);
  return { summaries, state, notes };
}
