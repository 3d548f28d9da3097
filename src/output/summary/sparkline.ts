// A sparkline of daily values over a date range: one character per day, or per bucket of
// days (their mean) when the range is wider than `width`. Days without data are blank.
import { daysBetween } from '../../lib/dates.ts';
import { meanOf } from '../../lib/finite-math.ts';

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
  const groups = Array.from({ length: buckets }, (): number[] => []);
  for (const d of days) {
    const i = Math.floor(daysBetween(from, d.date) / perBucket);
    if (i < 0 || i >= buckets) continue;
    (groups[i] as number[]).push(d.value);
  }
  let min = Infinity;
  let max = -Infinity;
  const means: (number | undefined)[] = [];
  for (const group of groups) {
    // meanOf: finite for values near 1e308, whose plain sum overflows.
    const mean = group.length === 0 ? undefined : meanOf(group);
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
      // In halves: max − min overflows for values of both signs near 1e308.
      const level =
        max === min ? steps >> 1 : Math.round(((m / 2 - min / 2) / (max / 2 - min / 2)) * steps);
      return BARS[level] as string;
    })
    .join('')
    .trimEnd();
}
