// --parallel: the date range is cut into many small partitions, `concurrency` of which are
// fetched at once over one keep-alive pool, while pages are written strictly in partition
// order (newest first). A partition holds at most `depth` pages the writer has not taken, and
// partitions start at most `concurrency × 2` ahead of the one being written, so memory is
// bounded by about 2 × concurrency × depth pages. A new partition starts as soon as one
// finishes fetching, so `concurrency` requests stay in flight even while the writer waits on a
// slow partition. (Cutting the range into just n big partitions cannot be both fast and
// bounded: the later ones would sit, full, until the writer reached them.)
import { paginate, type PaginateOptions } from './paginate.ts';
import type { FetchPage, Page } from './types.ts';
import { prefetch } from './prefetch.ts';
import { firstRows, rowCount, withCut } from '../rows/lazy-page.ts';
import { ProtocolError } from '../errors.ts';
import type { MetricsPage, MetricsQuery } from '../types.ts';
import { linkedController } from '../../lib/abort.ts';
import { RunBudget } from './run-budget.ts';

export interface ParallelOptions extends PaginateOptions {
  concurrency: number;
  depth: number;
  /** A page already fetched whose rows come before every partition's (written first). */
  lead?: MetricsPage;
}

export async function* paginateParallel(
  fetchPage: FetchPage,
  partitions: readonly MetricsQuery[],
  options: ParallelOptions,
): AsyncGenerator<Page, void, undefined> {
  const { controller, release } = linkedController(options.signal);
  const stop = (): void => controller.abort(options.signal?.reason);
  // One budget for all partitions: the bounds are per run.
  const budget = options.budget ?? new RunBudget();
  type Source = (onDrained: () => void) => AsyncGenerator<Page, void, undefined>;
  const sources: Source[] = [];
  const lead = options.lead;
  if (lead) {
    sources.push(async function* (onDrained) {
      onDrained();
      yield { ...lead, cut: false };
    });
  }
  for (const query of partitions) {
    sources.push((onDrained) =>
      prefetch(
        withinDates(
          paginate(fetchPage, query, {
            pageSize: options.pageSize,
            signal: controller.signal,
            budget,
          }),
          query,
        ),
        options.depth,
        stop,
        onDrained,
      ),
    );
  }
  const started: AsyncGenerator<Page, void, undefined>[] = [];
  let fetching = 0;
  let writing = 0;
  const startMore = (): void => {
    while (
      started.length < sources.length &&
      fetching < options.concurrency &&
      started.length < writing + 2 * options.concurrency
    ) {
      fetching++;
      let drained = false;
      const source = sources[started.length] as Source;
      started.push(
        source(() => {
          if (drained) return;
          drained = true;
          fetching--;
          // Never start work once the export is stopping.
          if (!controller.signal.aborted) startMore();
        }),
      );
    }
  };
  /** Starts sources until `count` have started, past the limits: only for the final look-ahead. */
  const startUpTo = (count: number): void => {
    while (started.length < Math.min(count, sources.length)) {
      started.push((sources[started.length] as Source)(() => undefined));
    }
  };
  const anyRowsAfter = async (index: number): Promise<boolean> => {
    for (let j = index + 1; j < sources.length; j++) {
      startUpTo(j + 1);
      for await (const page of started[j] as AsyncGenerator<Page>) {
        if (rowCount(page) > 0) return true;
      }
    }
    return false;
  };
  let remaining = options.maxRows ?? Number.POSITIVE_INFINITY;
  try {
    for (let i = 0; i < sources.length; i++) {
      writing = i;
      startMore();
      startUpTo(i + 1);
      for await (const page of started[i] as AsyncGenerator<Page>) {
        const count = rowCount(page);
        let out = count > remaining ? firstRows(page, remaining) : page;
        remaining -= Math.min(count, remaining);
        if (remaining <= 0 && !out.cut) {
          out = withCut(out, page.next_cursor !== null || (await anyRowsAfter(i)));
        }
        options.tally?.add(out.dropped);
        yield out;
        if (remaining <= 0) return;
      }
    }
  } finally {
    release();
    controller.abort();
    await Promise.allSettled(started.map((s) => s.return(undefined)));
  }
}

/**
 * A partition's rows must lie within its dates. A server that ignores from/to sends every row
 * to every partition: the row guard drops those outside, but each partition would then page
 * through the whole range. Fail instead, and say what to do.
 */
async function* withinDates(
  pages: AsyncGenerator<Page, void, undefined>,
  query: MetricsQuery,
): AsyncGenerator<Page, void, undefined> {
  try {
    for await (const page of pages) {
      if ((page.dropped?.outsideDates ?? 0) > 0) {
        throw new ProtocolError(
          `the API sent rows outside from=${query.from ?? ''} to=${query.to ?? ''}: it does not honour from/to, so --parallel cannot split the range — run without --parallel`,
          'outside_partition',
        );
      }
      yield page;
    }
  } finally {
    await pages.return(undefined);
  }
}
