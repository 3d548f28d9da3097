// A sparkline of daily values over a date range: one character per day, or per bucket of
// days (their mean) when the range is wider than `width`. Days without data are blank.
import { daysBetween } from '../../lib/dates.ts';

const BARS = '▁▂▃▄▅▆▇█';

export interface DatedValue {
  date: string;
  value: number;
}

export function sparkline(
  days: readonly DatedValue[],
  from: string,
  to: string,
  width: number,
): string {
  const span = daysBetween(from, to) + 1;
  if (span <= 0 || days.length === 0 || width <= 0) return '';
  const perBucket = Math.ceil(span / width);
  const buckets = Math.ceil(span / perBucket);
  const sums = new Float64Array(buckets);
  const counts = new Uint32Array(buckets);
  for (const d of days) {
    const i = Math.floor(daysBetween(from, d.date) / perBucket);
    if (i < 0 || i >= buckets) continue;
    sums[i] = (sums[i] as number) + d.value;
    counts[i] = (counts[i] as number) + 1;
  }
  let min = Infinity;
  let max = -Infinity;
  const means: (number | undefined)[] = [];
  for (let i = 0; i < buckets; i++) {
    const n = counts[i] as number;
    const mean = n === 0 ? undefined : (sums[i] as number) / n;
    means.push(mean);
    if (mean !== undefined) {
      min = Math.min(min, mean);
      max = Math.max(max, mean);
    }
  }
  const steps = BARS.length - 1;
  return means
    .map((m) => {
      if (m === undefined) return ' ';
      const level = max === min ? steps >> 1 : Math.round(((m - min) / (max - min)) * steps);
      return BARS[level] as string;
    })
    .join('')
    .trimEnd();
}
