// Pages from the API regrouped into whole days, newest first: a sync replaces days, and a day
// may span two pages. The first page is awaited up front because its meta (the history floor)
// decides which days are replaced before any day is handled.
import { ProtocolError } from '../api/errors.ts';
import type { Meta, MetricRow } from '../api/types.ts';

export interface Day {
  date: string;
  rows: MetricRow[];
}

export interface FetchedDays {
  meta: Meta | undefined;
  days: AsyncGenerator<Day, void, undefined>;
  /** Stops fetching, also when `days` was never iterated. */
  close(): Promise<void>;
}

export async function openDays(
  pages: AsyncIterable<{ data: MetricRow[]; meta: Meta | undefined }>,
): Promise<FetchedDays> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* days(): AsyncGenerator<Day, void, undefined> {
    let current: Day | undefined;
    try {
      let next = first;
      while (next.done !== true) {
        for (const row of next.value.data) {
          if (current !== undefined && row.date === current.date) {
            current.rows.push(row);
            continue;
          }
          if (current !== undefined) {
            if (row.date > current.date) {
              throw new ProtocolError(
                `the API sent ${row.date} after ${current.date}, not newest first`,
                'bad_order',
              );
            }
            yield current;
          }
          current = { date: row.date, rows: [row] };
        }
        next = await iterator.next();
      }
      if (current !== undefined) yield current;
    } finally {
      await iterator.return?.();
    }
  }
  return {
    meta: first.done === true ? undefined : first.value.meta,
    days: days(),
    close: async () => void (await iterator.return?.()),
  };
}
