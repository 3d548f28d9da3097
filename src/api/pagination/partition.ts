// Splits a date range into contiguous, non-overlapping partitions, newest first, so that
// fetching them concurrently and concatenating yields exactly the sequential order.
import type { MetricsQuery } from '../types.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';

/**
 * `start`..`end` are inclusive dates. The newest partition keeps the query's own `to` (possibly
 * open) and the oldest keeps its own `from`, so together they cover exactly what one query would.
 */
export function partitionQuery(
  query: MetricsQuery,
  start: string,
  end: string,
  parts: number,
): MetricsQuery[] {
  const days = daysBetween(start, end) + 1;
  const n = Math.max(1, Math.min(parts, days));
  const result: MetricsQuery[] = [];
  let upper = end;
  for (let i = 0; i < n; i++) {
    const size = Math.floor(days / n) + (i < days % n ? 1 : 0);
    const lower = addDays(upper, -(size - 1));
    const part: MetricsQuery = { ...query };
    const isFirst = i === 0;
    const isLast = i === n - 1;
    if (!isFirst) part.to = upper;
    else if (query.to !== undefined) part.to = query.to;
    else delete part.to;
    if (!isLast) part.from = lower;
    else if (query.from !== undefined) part.from = query.from;
    else delete part.from;
    result.push(part);
    upper = addDays(lower, -1);
  }
  return result;
}
