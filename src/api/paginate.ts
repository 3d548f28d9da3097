// Pagination as an async generator of pages. The request for page N+1 is sent before page N
// is handed to the consumer, so writing overlaps the network. Stopping early (`break`, an
// error, or the row cap) aborts the request in flight in `finally`.
import { ProtocolError } from './errors.ts';
import type { MetricsPage, MetricsQuery } from './types.ts';

export type FetchPage = (
  query: MetricsQuery,
  cursor: string | undefined,
  limit: number,
  signal: AbortSignal,
) => Promise<MetricsPage>;

export interface PaginateOptions {
  pageSize: number;
  /** Stop once this many rows were yielded; the last request asks only for what is left. */
  maxRows?: number;
  signal?: AbortSignal;
}

export interface Page extends MetricsPage {
  /** True when rows were left unread because of `maxRows`. */
  cut: boolean;
}

export async function* paginate(
  fetchPage: FetchPage,
  query: MetricsQuery,
  options: PaginateOptions,
): AsyncGenerator<Page, void, undefined> {
  const controller = new AbortController();
  const stop = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const seen = new Set<string>();
  let remaining = options.maxRows ?? Number.POSITIVE_INFINITY;
  const request = (cursor: string | undefined): Promise<MetricsPage> => {
    const pending = fetchPage(
      query,
      cursor,
      Math.min(options.pageSize, remaining),
      controller.signal,
    );
    // If the consumer stops before awaiting this prefetch, its rejection is expected.
    pending.catch(() => undefined);
    return pending;
  };
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    let pending: Promise<MetricsPage> | undefined = request(undefined);
    while (pending) {
      const page: MetricsPage = await pending;
      pending = undefined;
      let data = page.data;
      let cut = false;
      if (data.length > remaining) {
        data = data.slice(0, remaining);
        cut = true;
      }
      remaining -= data.length;
      const next = page.next_cursor;
      if (next !== null) {
        if (remaining <= 0) {
          cut = true;
        } else {
          // A server that hands back a cursor it already gave would loop forever.
          if (seen.has(next)) {
            throw new ProtocolError(
              'the API repeated a pagination cursor; stopping instead of looping forever',
              'cursor_loop',
            );
          }
          seen.add(next);
          pending = request(next);
        }
      }
      yield { data, next_cursor: next, meta: page.meta, cut };
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
