// --parallel planning: from the first page, decide whether and how to split the rest of the
// range into date partitions that paginateParallel() fetches concurrently.
import { daysBetween, isValidDate } from '../../lib/dates.ts';
import type { MetricsPage, MetricsQuery } from '../types.ts';
import { partitionQuery } from './partition.ts';

/**
 * Rows of the first page's oldest day may continue on the next page, so the lead keeps only the
 * days it holds completely, and the partitions cover from the range's start to that oldest day.
 * Each partition spans about as many days as `rowsPerPartition` rows fill at the first page's
 * density.
 */
export function planPartitions(
  query: MetricsQuery,
  first: MetricsPage,
  rowsPerPartition: number,
  maxRows: number,
  /** Where the data starts, when neither a history floor nor --from tells (see find-start.ts). */
  dataStart?: string,
):
  | 'single'
  | 'sequential'
  | 'no_start'
  | { lead: MetricsPage; partitions: MetricsQuery[]; days: number } {
  const newest = first.data[0]?.date;
  const oldest = first.data.at(-1)?.date;
  if (first.next_cursor === null || first.data.length >= maxRows) return 'single';
  if (newest === undefined || oldest === undefined) return 'sequential';
  const floor = first.meta?.history_floor ?? null;
  const start =
    query.from !== undefined && (floor === null || query.from > floor)
      ? query.from
      : (floor ?? dataStart ?? null);
  if (start === null) return 'no_start';
  if (!isValidDate(newest) || !isValidDate(oldest) || !isValidDate(start) || start > oldest) {
    return 'sequential';
  }
  const complete = first.data.findIndex((row) => row.date === oldest);
  const lead: MetricsPage = { ...first, data: first.data.slice(0, complete) };
  const days = partitionDays(first, rowsPerPartition);
  const count = Math.ceil((daysBetween(start, oldest) + 1) / days);
  return { lead, partitions: partitionQuery({ ...query, to: oldest }, start, oldest, count), days };
}

/** Days a partition spans: as many as `rowsPerPartition` rows fill at the first page's density. */
export function partitionDays(first: MetricsPage, rowsPerPartition: number): number {
  const newest = first.data[0]?.date;
  const oldest = first.data.at(-1)?.date;
  if (newest === undefined || oldest === undefined) return 1;
  const rowsPerDay = first.data.length / (daysBetween(oldest, newest) + 1);
  return Math.max(1, Math.floor(rowsPerPartition / rowsPerDay));
}
