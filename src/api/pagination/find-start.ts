// Where the data starts, for --parallel on a plan with no history floor and no --from: a k-ary
// search on `to` with one-row probes ("any row on or before this day?"), k probes at a time.
// The answer only balances the partitions: the oldest partition stays open-ended, so rows
// older than the estimate are still fetched, just not in parallel.
import { addDays, daysBetween } from '../../lib/dates.ts';

/** True when at least one row of the query is dated on or before `day`. */
export type HasRowsBy = (day: string) => Promise<boolean>;

export interface FindStartOptions {
  /** A day known to have rows on or before it (the first page's oldest day). */
  known: string;
  /** The earliest day searched; rows before it land in the open-ended oldest partition. */
  earliest: string;
  /** Stop once the start is known to within this many days (a partition's width). */
  resolution: number;
  /** Probes sent at once. */
  width: number;
}

/** The earliest day with rows, to within `resolution` days, never later than the true one. */
export async function findDataStart(hasRowsBy: HasRowsBy, o: FindStartOptions): Promise<string> {
  // Invariant: rows exist on or before `hi`; none before `lo` was seen (lo is exclusive).
  let lo = addDays(o.earliest, -1);
  let hi = o.known;
  const resolution = Math.max(1, Math.floor(o.resolution));
  const width = Math.max(1, Math.floor(o.width));
  while (daysBetween(lo, hi) > resolution) {
    const span = daysBetween(lo, hi);
    const days = [
      ...new Set(
        Array.from({ length: width }, (_, i) => Math.floor((span * (i + 1)) / (width + 1))),
      ),
    ]
      .filter((d) => d > 0 && d < span)
      .map((d) => addDays(lo, d));
    if (days.length === 0) break;
    const answers = await Promise.all(days.map((day) => hasRowsBy(day)));
    const first = answers.indexOf(true);
    if (first === -1) lo = days.at(-1) as string;
    else {
      hi = days[first] as string;
      if (first > 0) lo = days[first - 1] as string;
    }
  }
  // Rows start after lo and on or before hi: starting at lo + 1 misses none of them.
  return addDays(lo, 1);
}
