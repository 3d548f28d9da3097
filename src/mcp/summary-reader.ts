// How much the daily tools read, and what they say when they stopped. A summary needs every
// row of its range, so it cannot stop when its answer is full; instead it reads through the
// one bounded summary reader (src/daily/bounded-reader.ts, as `healthdata summary` does) in
// its stop mode: a server that sends pages forever, or rows of ever-new names and texts, gets
// a summary of what was read (the newest rows), never an answer that does not come, or a
// process that grows without end. What is kept is bounded by src/daily/bounds.ts.
import type { DropTally } from '../api/dropped.ts';
import { paginate } from '../api/pagination/paginate.ts';
import type { FetchPage } from '../api/pagination/types.ts';
import type { MetricsQuery } from '../api/types.ts';
import { readSummaries, type ReadState } from '../daily/bounded-reader.ts';
import {
  DEFAULT_SUMMARY_BOUNDS,
  type MetricSummary,
  type SummarizeOptions,
} from '../daily/index.ts';
import { addDays } from '../lib/dates.ts';
import { byteSize } from '../lib/sizes.ts';
import { isIsoDate } from './fit/clip.ts';

/**
 * Rows read at most: a year of a few dozen daily metrics is ~20,000 rows; 100,000 is two
 * months of per-minute samples. Past it the summary covers the newest rows and says so (with
 * the `to` that reads on).
 */
export const MAX_SUMMARY_ROWS = 100_000;
/** Pages read at most (a server sending small pages reaches it before the rows). */
export const MAX_SUMMARY_PAGES = 500;

/** Every page of `query` once, within the bounds; `state` says what was read and why it stopped. */
export function readBounded(
  fetchPage: FetchPage,
  query: MetricsQuery,
  signal: AbortSignal,
  state: ReadState,
  options: SummarizeOptions,
  tally?: DropTally,
): Promise<MetricSummary[]> {
  const pages = paginate(fetchPage, query, {
    pageSize: 1000,
    maxRows: MAX_SUMMARY_ROWS,
    signal,
    ...(tally ? { tally } : {}),
  });
  return readSummaries(pages, { ...options, stop: { maxPages: MAX_SUMMARY_PAGES } }, state);
}

/** What the summary covers when reading stopped early: numbers and a checked date only. */
export function stoppedNote(state: ReadState): string {
  const why = {
    rows: `one summary reads at most ${MAX_SUMMARY_ROWS} rows`,
    pages: `one summary reads at most ${MAX_SUMMARY_PAGES} pages`,
    bytes: `one summary keeps at most ${byteSize(DEFAULT_SUMMARY_BOUNDS.maxBytes)} of metric/provider lines and days`,
  }[state.stopped ?? 'rows'];
  const day = state.oldest;
  const older = isIsoDate(day)
    ? ` The entries cover the newest ${state.rows} rows, back to ${day} (the days of the last page read perhaps only in part). For older days call again with to: "${addDays(day, -1)}"; or narrow the query (fewer metrics, a provider, a shorter from/to range).`
    : ' Narrow the query (fewer metrics, a provider, a shorter from/to range).';
  return `Reading stopped before the last page: ${why}, and the API had more.${older}`;
}
