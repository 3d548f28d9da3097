// --parallel: several date partitions paginated at once over one keep-alive pool, their pages
// written strictly in partition order (newest first). Each partition runs at most `depth`
// pages ahead of the writer, so memory stays bounded however large the export.
import { paginate, type FetchPage, type Page, type PaginateOptions } from './paginate.ts';
import { prefetch } from './prefetch.ts';
import type { MetricsQuery } from './types.ts';

export async function* paginateParallel(
  fetchPage: FetchPage,
  partitions: readonly MetricsQuery[],
  options: PaginateOptions & { depth: number },
): AsyncGenerator<Page, void, undefined> {
  const controller = new AbortController();
  const stop = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const streams = partitions.map((query) =>
    prefetch(
      paginate(fetchPage, query, { pageSize: options.pageSize, signal: controller.signal }),
      options.depth,
      stop,
    ),
  );
  let remaining = options.maxRows ?? Number.POSITIVE_INFINITY;
  try {
    for (let i = 0; i < streams.length; i++) {
      const stream = streams[i] as AsyncGenerator<Page>;
      for await (const page of stream) {
        let data = page.data;
        let cut = page.cut;
        if (data.length > remaining) {
          data = data.slice(0, remaining);
          cut = true;
        }
        remaining -= data.length;
        if (remaining <= 0 && !cut) {
          cut = page.next_cursor !== null || (await anyRows(streams.slice(i + 1)));
        }
        yield { ...page, data, cut };
        if (remaining <= 0) return;
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    controller.abort();
    await Promise.allSettled(streams.map((s) => s.return(undefined)));
  }
}

async function anyRows(streams: readonly AsyncGenerator<Page>[]): Promise<boolean> {
  for (const stream of streams) {
    for await (const page of stream) {
      if (page.data.length > 0) return true;
    }
  }
  return false;
}
