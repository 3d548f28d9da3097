// The one bounded summary reader: pages in, daily summaries out, for `summary` and every CLI
// command built on it and for the MCP daily tools alike. Each page goes to the accumulator as
// it is (a proven page is read off its bytes, never parsed), and what is kept is bounded by
// bounds.ts whoever reads. The two callers differ only in what a bound does:
//   - fail (the CLI): past the bounds the run stops with SummaryTooLarge, one line; a person
//     narrows the range and runs again;
//   - stop (MCP): an AI app needs an answer, so reading stops before the next page and the
//     summaries cover what was read (the newest rows: pages come newest first); `state` says
//     where and why, for the answer's note.
// The row bound is the paginator's (`maxRows`: a page then comes `cut`).
import { lastDate, rowCount, type PageRows } from '../api/rows/lazy-page.ts';
import type { Meta } from '../api/types.ts';
import { DailyAccumulator } from './accumulate.ts';
import { SummaryTooLarge } from './bounds.ts';
import { summariesOf, type SummarizeOptions } from './summarize.ts';
import type { MetricSummary } from './types.ts';

/** A page as the paginator yields it (api/pagination/types.ts Page), or rows with none of it. */
export interface ReadPage extends PageRows {
  readonly next_cursor?: string | null;
  readonly meta?: Meta | undefined;
  /** Rows were left unread: the paginator's row bound. */
  readonly cut?: boolean;
}

/** Why reading stopped before the last page. */
export type StopReason = 'rows' | 'pages' | 'bytes';

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

export interface ReadOptions extends SummarizeOptions {
  /** Stop and say so in the state, rather than fail: past `maxPages` pages, or past the bounds. */
  stop?: { maxPages: number };
}

/** Reads `pages` once into daily summaries; `state` says what was read. */
export async function readSummaries(
  pages: AsyncIterable<ReadPage> | Iterable<ReadPage>,
  options: ReadOptions = {},
  state: ReadState = newReadState(),
): Promise<MetricSummary[]> {
  const accumulator = new DailyAccumulator(options.bounds);
  // Breaking out of the loop returns the paginator, which aborts the request in flight.
  for await (const page of pages) {
    state.meta ??= page.meta;
    state.pages += 1;
    state.rows += rowCount(page);
    state.oldest = lastDate(page) ?? state.oldest;
    try {
      accumulator.addPage(page);
    } catch (error) {
      if (options.stop === undefined || !(error instanceof SummaryTooLarge)) throw error;
      // What the page added before the bound is kept: its days may be in part.
      state.stopped = 'bytes';
      break;
    }
    if (page.cut === true) state.stopped = 'rows';
    else if (
      options.stop !== undefined &&
      state.pages >= options.stop.maxPages &&
      page.next_cursor !== null &&
      page.next_cursor !== undefined
    ) {
      state.stopped = 'pages';
    }
    if (state.stopped !== null) break;
  }
  return summariesOf(accumulator, options);
}
