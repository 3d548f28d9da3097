// The summary as a table for people: one line per metric and provider, numbers rounded for
// reading, and on a terminal a sparkline of the daily values over the range.
import type { MetricSummary, NumericDay, TextDay } from '../../daily/index.ts';
import { BORDERLESS, trimLines } from '../formats/table.ts';
import { displayNumber } from './numbers.ts';
import { rowsPerDay } from './record.ts';
import { sparkline } from './sparkline.ts';

export interface TableOptions {
  /** The range the sparklines span; set only on a terminal. */
  sparkline?: { from: string; to: string; width: number };
}

const HEAD = ['metric', 'provider', 'days', 'first', 'last', 'min', 'mean', 'median', 'max'];
const TAIL = ['latest', 'unit', 'note'];

export async function summaryTable(
  summaries: readonly MetricSummary[],
  options: TableOptions,
): Promise<string> {
  if (summaries.length === 0) return 'No data in the range.\n';
  const { default: Table } = await import('cli-table3');
  const spark = options.sparkline;
  const head = [...HEAD, ...TAIL.slice(0, 2), ...(spark ? ['trend'] : []), TAIL[2] as string];
  const table = new Table({
    head,
    chars: BORDERLESS,
    colAligns: head.map((h) =>
      ['days', 'min', 'mean', 'median', 'max', 'latest'].includes(h) ? 'right' : 'left',
    ),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const s of summaries) {
    const numeric = s.rule !== 'text';
    const cells = [
      s.metric,
      s.provider,
      String(s.days),
      s.first ?? '',
      s.last ?? '',
      displayNumber(s.stats?.min),
      displayNumber(s.stats?.mean),
      displayNumber(s.stats?.median),
      displayNumber(s.stats?.max),
      latestCell(s),
      s.unit ?? '',
    ];
    if (spark) {
      cells.push(
        numeric ? sparkline(s.daily as NumericDay[], spark.from, spark.to, spark.width) : '',
      );
    }
    cells.push(tableNote(s));
    table.push(cells);
  }
  return trimLines(table.toString()) + '\n';
}

function latestCell(s: MetricSummary): string {
  const latest = s.latest;
  if (latest === null) return '';
  if (!('value' in latest)) return (latest as TextDay).values.join(', ');
  return latest.rows > 1
    ? `${displayNumber(latest.min)}-${displayNumber(latest.max)}`
    : displayNumber(latest.value);
}

/** Shorter than the csv note: a table line should fit a wide terminal. */
function tableNote(s: MetricSummary): string {
  if (s.days === 0) return 'no data in the range';
  switch (s.rule) {
    case 'twin':
      return `daily total from ${s.from}`;
    case 'several':
      return `several sources a day (${rowsPerDay(s)} rows), never added up`;
    case 'text':
      return `most frequent: ${s.topValues
        .slice(0, 3)
        .map((t) => `${t.value} (${t.count})`)
        .join(', ')}`;
    case 'row':
      return '';
  }
}
