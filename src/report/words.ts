// The report in words: each chart's text alternative (what a screen reader says for it, and
// what a reader without the picture gets), written from the numbers summary gives.
import type { PeriodUnit } from '../insight/index.ts';
import { reportNumberText } from './number-text.ts';
import type { SummaryNumbers } from './types.ts';

const NUMBER = reportNumberText();

/** A number as the page shows it (number-text.ts). */
export function formatNumber(x: number | null): string {
  return x === null ? '—' : NUMBER(x);
}

interface Named {
  metric: string;
  provider: string;
  unit: string | null;
  rule: string;
  summary: SummaryNumbers;
}

export function describeSeries(s: Named, flagged: number, unit: PeriodUnit): string {
  const n = s.summary;
  const u = s.unit === null || s.unit === '' ? '' : ` ${s.unit}`;
  const latest = typeof n.latest === 'number' ? formatNumber(n.latest) : String(n.latest);
  const daily =
    s.rule === 'several'
      ? 'the mean of each day’s rows'
      : s.rule === 'twin'
        ? 'daily totals'
        : 'daily values';
  return [
    `Line chart of ${s.metric} from ${s.provider}: ${daily}, ${n.days} ${plural(n.days, 'day')} with data from ${n.first} to ${n.last}, with ${unit}ly means and the usual range from the baseline.`,
    `Mean ${formatNumber(n.mean)}${u}, min ${formatNumber(n.min)}, max ${formatNumber(n.max)}; latest ${latest}${u} on ${n.last}.`,
    flagged === 0
      ? 'No day flagged as an anomaly.'
      : `${flagged} ${plural(flagged, 'day')} flagged as ${plural(flagged, 'an anomaly', 'anomalies')}.`,
  ].join(' ');
}

/** From the same counts the card's list shows (every value, most frequent first). */
export function describeText(
  s: Named,
  counts: readonly { value: string; count: number }[],
): string {
  const n = s.summary;
  const top = counts[0];
  const most =
    top === undefined ? 'none' : `${top.value} (${top.count} ${plural(top.count, 'time')})`;
  return `${s.metric} from ${s.provider} is text: ${n.days} ${plural(n.days, 'day')} with data from ${n.first} to ${n.last}; ${counts.length} different ${plural(counts.length, 'value')}, most frequent: ${most}.`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
