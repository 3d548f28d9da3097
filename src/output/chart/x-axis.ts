// The x axis under a chart: a rule with ticks, and dates under the ticks that fit without
// touching (the first and the last always).
import type { Buckets } from './buckets.ts';

export function xAxis(buckets: Buckets, labelWidth: number, points: number): string[] {
  // Short dates (MM-DD) when two full ones would not fit side by side.
  const short = buckets.size !== 'month' && points < 24;
  const label = (i: number): string => {
    const date = buckets.starts[i] as string;
    return buckets.size === 'month' ? date.slice(0, 7) : short ? date.slice(5) : date;
  };
  const size = label(0).length;
  const rule = [...'─'.repeat(points)];
  const text = [...' '.repeat(points + size)];
  const taken = new Array<boolean>(points + size).fill(false);
  const place = (i: number): void => {
    const t = label(i);
    // The last label ends under its tick; the others start there.
    const at = i === points - 1 && i > 0 ? Math.max(0, i - t.length + 1) : i;
    for (let k = at - 1; k <= at + t.length; k++) if (taken[k]) return;
    rule[i] = '┬';
    for (let k = 0; k < t.length; k++) {
      text[at + k] = t[k] as string;
      taken[at + k] = true;
    }
  };
  const count = Math.max(2, Math.floor(points / (size + 4)));
  place(0);
  if (points > 1) place(points - 1);
  for (let k = 1; k < count - 1; k++) place(Math.round((k * (points - 1)) / (count - 1)));
  const pad = ' '.repeat(labelWidth - 1);
  return [`${pad}└${rule.join('')}`, `${pad} ${text.join('').trimEnd()}`];
}
