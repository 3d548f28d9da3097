// Daily values onto the x axis: one point a day when the range fits the width, else the mean
// of each week, else of each month (or of several months), so a chart always fits.
import { meanOf } from '../../lib/finite-math.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';

export interface DatedValue {
  date: string;
  value: number;
}

export type BucketSize = 'day' | 'week' | 'month';

export interface Buckets {
  size: BucketSize;
  /** Days (or months) per point. */
  span: number;
  /** First date of each point. */
  starts: string[];
}

/** The finest bucketing of [from, to] that gives at most `maxPoints` points. */
export function chooseBuckets(from: string, to: string, maxPoints: number): Buckets {
  const days = daysBetween(from, to) + 1;
  const max = Math.max(2, maxPoints);
  // A day or a few days per point, while that keeps the line detailed; then whole weeks.
  const perPoint = Math.ceil(days / max);
  if (perPoint <= 3) {
    const n = Math.ceil(days / perPoint);
    return {
      size: 'day',
      span: perPoint,
      starts: steps(from, n, (i) => addDays(from, perPoint * i)),
    };
  }
  // Whole weeks (up to four) per point, before months: finer, and still calendar-like.
  const weeks = Math.ceil(days / 7 / max);
  if (weeks <= 4) {
    const span = 7 * weeks;
    const n = Math.ceil(days / span);
    return { size: 'week', span, starts: steps(from, n, (i) => addDays(from, span * i)) };
  }
  const first = monthIndex(from);
  const months = monthIndex(to) - first + 1;
  const span = Math.ceil(months / max);
  return {
    size: 'month',
    span,
    starts: steps(from, Math.ceil(months / span), (i) =>
      i === 0 ? from : monthStart(first + i * span),
    ),
  };
}

/**
 * The mean of each bucket's finite values (undefined where it has none): meanOf, finite for
 * values near 1e308 whose plain sum overflows (a week of 1e308 means 1e308, not Infinity).
 */
export function bucketMeans(
  values: readonly DatedValue[],
  buckets: Buckets,
): (number | undefined)[] {
  const groups = buckets.starts.map((): number[] => []);
  const from = buckets.starts[0] as string;
  for (const { date, value } of values) {
    if (!Number.isFinite(value)) continue;
    const i = indexOf(date, from, buckets);
    if (i < 0 || i >= groups.length) continue;
    (groups[i] as number[]).push(value);
  }
  return groups.map((group) => (group.length === 0 ? undefined : meanOf(group)));
}

function indexOf(date: string, from: string, b: Buckets): number {
  if (date < from) return -1;
  if (b.size === 'month') return Math.floor((monthIndex(date) - monthIndex(from)) / b.span);
  return Math.floor(daysBetween(from, date) / b.span);
}

function steps(_from: string, n: number, at: (i: number) => string): string[] {
  return Array.from({ length: n }, (_, i) => at(i));
}

function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

function monthStart(index: number): string {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
