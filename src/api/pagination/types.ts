// The types pagination is built on. The client produces FetchedPages; paginate() and
// paginateParallel() consume a FetchPage and yield Pages.
import type { DroppedRows } from '../row-guard.ts';
import type { MetricsPage, MetricsQuery } from '../types.ts';

/** A page whose body has arrived but is not parsed yet. */
export interface FetchedPage {
  /** next_cursor as read off the raw body: a string, null (last page), or undefined (unknown). */
  readonly cursorHint: string | null | undefined;
  /** The page, with `cut` false. Its rows may be parsed only when read: see lazy-page.ts. */
  parse(): Page;
}

export type FetchPage = (
  query: MetricsQuery,
  cursor: string | undefined,
  limit: number,
  signal: AbortSignal,
) => Promise<FetchedPage>;

export interface Page extends MetricsPage {
  /** True when rows were left unread because of `maxRows`. */
  cut: boolean;
  /** Rows of the page the row guard dropped (row-guard.ts); absent when none. */
  dropped?: DroppedRows | undefined;
}
