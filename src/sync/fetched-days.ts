// Pages from the API regrouped into whole days, newest first: a sync replaces days, and a day
// may span two pages. The first page is awaited up front because its meta (the history floor)
// decides which days are replaced before any day is handled.
//
// A day on which the row guard dropped a row that breaks the spec (row-guard.ts: `tainted`)
// comes out with `keep` set, rows or not: its fetched rows are incomplete, so the target keeps
// the day as it was, and the next sync, which re-fetches it, tries again.
//
// A proven page's rows are made from its bytes (row-walk.ts), not by parsing its text: the
// same objects, at a fraction of the cost.
import { ProtocolError } from '../api/errors.ts';
import { RowWalker } from '../api/rows/row-walk.ts';
import type { DroppedRows } from '../api/row-guard.ts';
import type { Meta, MetricRow } from '../api/types.ts';

export interface Day {
  date: string;
  rows: MetricRow[];
  /** Keep the target's rows of this day as they are: the API sent one of its rows broken. */
  keep?: true;
}

export interface FetchedDays {
  meta: Meta | undefined;
  days: AsyncGenerator<Day, void, undefined>;
  /** Stops fetching, also when `days` was never iterated. */
  close(): Promise<void>;
}

interface FetchedPage {
  data: MetricRow[];
  meta: Meta | undefined;
  dropped?: DroppedRows | undefined;
}

export async function openDays(pages: AsyncIterable<FetchedPage>): Promise<FetchedDays> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const walker = new RowWalker();
  const rowsOf = (page: FetchedPage): readonly MetricRow[] => walker.objects(page);
  async function* days(): AsyncGenerator<Day, void, undefined> {
    let current: Day | undefined;
    /** The oldest day handed out: the target has dealt with it and every newer one. */
    let done: string | undefined;
    /** Days with a broken row, not yet handed out. */
    const tainted = new Set<string>();
    /** Tainted days newer than `date` (all when undefined), newest first, as kept days. */
    function* taintedAbove(date: string | undefined): Generator<Day> {
      for (const day of [...tainted].sort().reverse()) {
        if (date !== undefined && day <= date) break;
        tainted.delete(day);
        done = day;
        yield { date: day, rows: [], keep: true };
      }
    }
    function* handOut(day: Day): Generator<Day> {
      yield* taintedAbove(day.date);
      if (tainted.delete(day.date)) day.keep = true;
      done = day.date;
      yield day;
    }
    try {
      let next = first;
      while (next.done !== true) {
        for (const day of next.value.dropped?.tainted ?? []) {
          if (done !== undefined && day >= done) throw outOfOrder(day, done);
          tainted.add(day);
        }
        for (const row of rowsOf(next.value)) {
          if (current !== undefined && row.date === current.date) {
            current.rows.push(row);
            continue;
          }
          if (current !== undefined) {
            if (row.date > current.date) throw outOfOrder(row.date, current.date);
            yield* handOut(current);
          }
          current = { date: row.date, rows: [row] };
        }
        next = await iterator.next();
      }
      if (current !== undefined) yield* handOut(current);
      yield* taintedAbove(undefined);
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

function outOfOrder(date: string, after: string): ProtocolError {
  return new ProtocolError(`the API sent ${date} after ${after}, not newest first`, 'bad_order');
}
