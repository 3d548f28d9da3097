// The summary as a table for people: one line per metric and provider, numbers rounded for
// reading, and on a terminal a sparkline of the daily values over the range. On a terminal
// narrower than the table, the date columns go first, then the note wraps; narrower still
// (80 columns), each line becomes a short block. The statistics (min, mean, median, max) are
// kept in every layout, as the short blocks and the csv and json show them.
import type { MetricSummary, NumericDay, TextDay } from '../../daily/index.ts';
import { BORDERLESS, trimLines } from '../formats/table.ts';
import { latestDeviation } from './baseline.ts';
import { displayNumber } from './numbers.ts';
import { severalRows, withNoTotal } from './record.ts';
import { sparkline } from './sparkline.ts';
import { stackedSummary } from './stacked.ts';
import { safeSummary } from '../terminal/safe-summary.ts';
import { displayWidth, truncate } from '../terminal/visible.ts';

export interface TableOptions {
  /** The range the sparklines span; set only on a terminal. */
  sparkline?: { from: string; to: string; width: number };
  /** The terminal's width, to fit; unset off a terminal (nothing is dropped or wrapped). */
  width?: number;
}

interface Column {
  name: string;
  right?: boolean;
  cell(s: MetricSummary): string;
}

const GAP = 2;
/** Dropped in this order when a terminal is too narrow. */
const OPTIONAL = ['first', 'last', 'vs baseline'];
const MIN_NOTE = 16;
/** Columns of server text, cut (never below MIN_CUT) when the table would not fit otherwise. */
const CUTTABLE = new Set(['metric', 'provider', 'latest', 'unit']);
const MIN_CUT = 16;

export async function summaryTable(
  given: readonly MetricSummary[],
  options: TableOptions,
): Promise<string> {
  if (given.length === 0) return 'No data in the range.\n';
  // Names and text values are the server's: never let one drive the terminal.
  const summaries = given.map(safeSummary);
  const { default: Table } = await import('cli-table3');
  let columns = columnsFor(options);
  let cells = summaries.map((s) => columns.map((c) => c.cell(s)));
  let noteWidth: number | undefined;
  if (options.width !== undefined) {
    const fit = fitTo(options.width, columns, cells);
    if (fit === undefined) return stackedSummary(summaries, options.width, options.sparkline);
    columns = fit.columns;
    cells = fit.cells;
    noteWidth = fit.noteWidth;
  }
  const table = new Table({
    head: columns.map((c) => c.name),
    chars: BORDERLESS,
    colAligns: columns.map((c) => (c.right ? 'right' : 'left')),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    ...(noteWidth === undefined
      ? {}
      : { colWidths: columns.map((c) => (c.name === 'note' ? noteWidth : null)), wordWrap: true }),
  });
  table.push(...cells);
  return trimLines(table.toString()) + '\n';
}

function fitTo(
  width: number,
  columns: Column[],
  cells: string[][],
): { columns: Column[]; cells: string[][]; noteWidth: number | undefined } | undefined {
  const total = (w: number[]) => w.reduce((a, b) => a + b, 0) + GAP * (w.length - 1);
  for (const name of OPTIONAL) {
    if (total(widths(columns, cells)) <= width) break;
    const i = columns.findIndex((c) => c.name === name);
    columns = columns.filter((_, k) => k !== i);
    cells = cells.map((r) => r.filter((_, k) => k !== i));
  }
  let w = widths(columns, cells);
  if (total(w) <= width) return { columns, cells, noteWidth: undefined };
  const note = w.length - 1;
  const rest = (): number => total(w) - (w[note] as number);
  // A server's name, unit or text value can be any length: cut the widest of them, as the
  // metrics table does, before giving up on the table.
  for (let over = rest() + MIN_NOTE - width; over > 0; over = rest() + MIN_NOTE - width) {
    const widest = widestCuttable(columns, w);
    if (widest === undefined) break;
    const target = Math.max(MIN_CUT, (w[widest] as number) - over);
    cells = cells.map((r) => r.map((cell, k) => (k === widest ? truncate(cell, target) : cell)));
    w = widths(columns, cells);
  }
  // Too narrow even for a wrapped note: the caller stacks the lines instead.
  if (width - rest() < MIN_NOTE) return undefined;
  return { columns, cells, noteWidth: width - rest() };
}

/** Each column's width: its name or its widest cell, in terminal columns. */
function widths(columns: readonly Column[], rows: readonly string[][]): number[] {
  return columns.map((c, i) => {
    let most = c.name.length;
    for (const r of rows) most = Math.max(most, displayWidth(r[i] ?? ''));
    return most;
  });
}

/** The widest column of server text that can still be cut, if any. */
function widestCuttable(columns: readonly Column[], w: readonly number[]): number | undefined {
  let widest: number | undefined;
  columns.forEach((c, i) => {
    if (!CUTTABLE.has(c.name) || (w[i] as number) <= MIN_CUT) return;
    if (widest === undefined || (w[i] as number) > (w[widest] as number)) widest = i;
  });
  return widest;
}

function columnsFor(options: TableOptions): Column[] {
  const number = (name: string, pick: (s: MetricSummary) => number | null | undefined) => ({
    name,
    right: true,
    cell: (s: MetricSummary) => displayNumber(pick(s)),
  });
  const spark = options.sparkline;
  return [
    { name: 'metric', cell: (s) => s.metric },
    { name: 'provider', cell: (s) => s.provider },
    { name: 'days', right: true, cell: (s) => String(s.days) },
    { name: 'first', cell: (s) => s.first ?? '' },
    { name: 'last', cell: (s) => s.last ?? '' },
    number('min', (s) => s.stats?.min),
    number('mean', (s) => s.stats?.mean),
    number('median', (s) => s.stats?.median),
    number('max', (s) => s.stats?.max),
    { name: 'latest', right: true, cell: latestCell },
    // On a terminal only (where the sparkline is): csv and json carry the daily series.
    ...(spark ? [{ name: 'vs baseline', right: true, cell: latestDeviation }] : []),
    { name: 'unit', cell: (s) => s.unit ?? '' },
    ...(spark
      ? [
          {
            name: 'trend',
            cell: (s: MetricSummary) =>
              s.rule === 'text'
                ? ''
                : sparkline(s.daily as NumericDay[], spark.from, spark.to, spark.width),
          },
        ]
      : []),
    { name: 'note', cell: tableNote },
  ];
}

function latestCell(s: MetricSummary): string {
  const latest = s.latest;
  if (latest === null) return '';
  if (!('value' in latest)) return (latest as TextDay).values.join(', ');
  // The last day's daily value, as in every other view (under several, the mean of its rows).
  return displayNumber(latest.value);
}

/** Shorter than the csv note: a table line should fit a terminal. */
function tableNote(s: MetricSummary): string {
  return withNoTotal(s, ruleNote(s));
}

function ruleNote(s: MetricSummary): string {
  if (s.days === 0) return 'no data in the range';
  switch (s.rule) {
    case 'twin':
      return `daily total from ${s.from}`;
    case 'several':
      return `${severalRows(s)}, never added up`;
    case 'text':
      return `most frequent: ${s.topValues
        .slice(0, 3)
        .map((t) => `${t.value} (${t.count})`)
        .join(', ')}`;
    case 'row':
      return '';
  }
}
