// The rows daily_summary reads, within bounds. A summary needs every row of its range, so it
// cannot stop when its answer is full; instead it stops after a bounded amount of reading and
// says where: a server that sends pages forever, or rows of ever-new names and texts, gets a
// summary of what was read (the newest rows), never an answer that does not come, or a
// process that grows without end. The API's strings are clipped before they are kept.
import type { DropTally } from '../api/dropped.ts';
import { paginate } from '../api/pagination/paginate.ts';
import type { FetchPage } from '../api/pagination/types.ts';
import type { Meta, MetricRow, MetricsQuery } from '../api/types.ts';
import { addDays } from '../lib/dates.ts';
import { clip, clipName, isIsoDate, MAX_NAME_CHARS, MAX_TEXT_CHARS } from './fit/clip.ts';

/**
 * Rows read at most: a year of a few dozen daily metrics is ~20,000 rows; 100,000 is two
 * months of per-minute samples, read in about 3 seconds. Past it the summary covers the
 * newest rows and says so (with the `to` that reads on).
 */
export const MAX_SUMMARY_ROWS = 100_000;
/** Pages read at most (a server sending small pages reaches it before the rows). */
export const MAX_SUMMARY_PAGES = 500;
/** Distinct (metric, provider) pairs: far more than an answer can show. */
export const MAX_SUMMARY_SERIES = 5_000;
/** Characters of distinct text values kept for counting (each clipped to 1,000). */
export const MAX_SUMMARY_TEXT_CHARS = 16_000_000;

export type StopReason = 'rows' | 'pages' | 'series' | 'texts';

export interface ReadState {
  meta: Meta | undefined;
  rows: number;
  pages: number;
  /** The date of the last row read: rows come newest first, so the oldest. */
  oldest: string | undefined;
  /** Why reading stopped before the last page; null when every page was read. */
  stopped: StopReason | null;
}

export function newReadState(): ReadState {
  return { meta: undefined, rows: 0, pages: 0, oldest: undefined, stopped: null };
}

/** Pages of clipped rows, until the last page or a bound; `state` says which. */
export async function* boundedPages(
  fetchPage: FetchPage,
  query: MetricsQuery,
  signal: AbortSignal,
  state: ReadState,
  tally?: DropTally,
): AsyncGenerator<readonly MetricRow[]> {
  const series = new Set<string>();
  const texts = new Set<string>();
  let textChars = 0;
  const pages = paginate(fetchPage, query, {
    pageSize: 1000,
    maxRows: MAX_SUMMARY_ROWS,
    signal,
    ...(tally ? { tally } : {}),
  });
  // Rows of one metric and provider come in runs: the pair is looked up once a run.
  let last: MetricRow | undefined;
  for await (const page of pages) {
    state.meta ??= page.meta;
    state.pages += 1;
    const rows: MetricRow[] = [];
    for (const raw of page.data) {
      const row = clipRow(raw);
      if (last === undefined || row.metric !== last.metric || row.provider !== last.provider) {
        const key = JSON.stringify([row.metric, row.provider]);
        if (!series.has(key)) {
          if (series.size >= MAX_SUMMARY_SERIES) state.stopped = 'series';
          else series.add(key);
        }
      }
      last = row;
      const text = row.textValue;
      if (!state.stopped && text !== null && !texts.has(text)) {
        textChars += text.length;
        if (textChars > MAX_SUMMARY_TEXT_CHARS) state.stopped = 'texts';
        else texts.add(text);
      }
      if (state.stopped) break;
      rows.push(row);
      state.rows += 1;
      state.oldest = row.date;
    }
    yield rows;
    // Returning ends the paginator, which aborts the request in flight.
    if (state.stopped) return;
    if (page.cut) state.stopped = 'rows';
    else if (state.pages >= MAX_SUMMARY_PAGES && page.next_cursor !== null) state.stopped = 'pages';
    if (state.stopped) return;
  }
}

function clipRow(row: MetricRow): MetricRow {
  const short = (s: string | null, max: number) => s === null || s.length <= max;
  // The common case: nothing to clip, nothing to copy.
  if (
    short(row.provider, MAX_NAME_CHARS) &&
    short(row.metric, MAX_NAME_CHARS) &&
    short(row.unit ?? null, MAX_NAME_CHARS) &&
    short(row.textValue ?? null, MAX_TEXT_CHARS)
  ) {
    return row;
  }
  return {
    date: row.date,
    provider: clipName(row.provider),
    metric: clipName(row.metric),
    numValue: row.numValue,
    textValue: typeof row.textValue === 'string' ? clip(row.textValue) : null,
    unit: typeof row.unit === 'string' ? clipName(row.unit) : null,
    stream: row.stream,
  };
}

/** What the summary covers when reading stopped early: numbers and a checked date only. */
export function stoppedNote(state: ReadState): string {
  const why = {
    rows: `one summary reads at most ${MAX_SUMMARY_ROWS} rows`,
    pages: `one summary reads at most ${MAX_SUMMARY_PAGES} pages`,
    series: `one summary keeps at most ${MAX_SUMMARY_SERIES} metric/provider pairs`,
    texts: `one summary keeps at most ${MAX_SUMMARY_TEXT_CHARS} characters of distinct text values`,
  }[state.stopped ?? 'rows'];
  const day = state.oldest;
  const older = isIsoDate(day)
    ? ` The entries cover the newest ${state.rows} rows, back to ${day} (that day perhaps only in part). For older days call again with to: "${addDays(day, -1)}"; or narrow the query (fewer metrics, a provider, a shorter from/to range).`
    : ' Narrow the query (fewer metrics, a provider, a shorter from/to range).';
  return `Reading stopped before the last page: ${why}, and the API had more.${older}`;
}
