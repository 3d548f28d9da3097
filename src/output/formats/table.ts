// Tables, for people: the metrics stream here, documents (catalog, sources, profile) in
// ../document-view/, which draws its small tables with cli-table3.
//
// The metrics table. A lean aligned writer rather than cli-table3: cli-table3 builds a cell object
// per value, measures every string with string-width and lays out the whole table in memory
// (several times csv's cost, and worse than linear on one big table;
// `npm run bench -- --only table`). Here column widths come from the first page and fit the
// terminal; every later row is one padded string, built without per-cell objects, so the table
// streams at about the cost of csv.
import type { MetricRow } from '../../api/types.ts';
import { NULL_TEXT as NULL } from '../document-view/cells.ts';
import { renderDocument } from '../document-view/render.ts';
import { PLAIN, type Palette } from '../terminal/colors.ts';
import { displayWidth, pad, truncate, visible } from '../terminal/visible.ts';
import type { Destination } from '../destination.ts';
import type { RowSink } from '../sink.ts';
import type { OutputFormat } from './format.ts';

export const table: OutputFormat = {
  rows: (out, options) => tableSink(out, options),
  document: ({ body }, options) =>
    renderDocument(body, {
      title: options.title ?? 'Document',
      columns: options.columns,
      ...(options.palette ? { palette: options.palette } : {}),
      ...(options.hideKeys ? { hide: options.hideKeys } : {}),
    }),
};

// Shared with the summary table (src/output/summary/), which draws with cli-table3 too.
export { BORDERLESS } from '../document-view/table.ts';

/** cli-table3 pads every cell: its lines end in spaces. */
export function trimLines(text: string): string {
  return text.replace(/[ \t]+$/gm, '');
}

const HEAD = ['date', 'provider', 'metric', 'value', 'unit', 'stream'] as const;
const GAP = '  ';
/** How far each text column may shrink before the table gives up fitting (then lines are cut). */
const MIN_WIDTH = [10, 6, 8, 5, 4, 6];

interface TableOptions {
  /** The width to fit; undefined means no limit. */
  columns?: number | undefined;
  palette?: Palette;
}

interface Layout {
  widths: number[];
  /** Width of the integer part and of the fraction (with its point) of the number block. */
  numInt: number;
  numFrac: number;
  /** Value column right-aligned in its header: it held only numbers on the first page. */
  numericHead: boolean;
  /** Even the narrowest columns are wider than the terminal: cut each line, without colour. */
  overflow: number | undefined;
}

const ASCII = /^[\u0020-\u007e]*$/;

/** A text cell cut or padded to exactly `width` columns (no padding when `last`). */
function textCell(raw: string, width: number, last: boolean): string {
  if (ASCII.test(raw)) {
    if (raw.length > width) return raw.slice(0, width - 1) + '…';
    return last ? raw : raw.padEnd(width);
  }
  const cut = truncate(visible(raw), width);
  return last ? cut : pad(cut, width);
}

function isNumberRow(row: MetricRow): boolean {
  return row.numValue !== null && row.textValue === null;
}

function textValue(row: MetricRow): string {
  if (row.numValue !== null) return `${row.numValue} (${row.textValue ?? ''})`;
  return row.textValue ?? NULL;
}

function layout(rows: readonly MetricRow[], columns: number | undefined): Layout {
  const widths: number[] = HEAD.map((h) => h.length);
  let numInt = 0;
  let numFrac = 0;
  let anyText = false;
  const widen = (i: number, text: string): void => {
    const w = ASCII.test(text) ? text.length : displayWidth(visible(text));
    if (w > (widths[i] as number)) widths[i] = w;
  };
  for (const row of rows) {
    widen(0, row.date);
    widen(1, row.provider);
    widen(2, row.metric);
    widen(4, row.unit ?? NULL);
    widen(5, String(row.stream));
    if (isNumberRow(row)) {
      const s = String(row.numValue);
      const dot = s.indexOf('.');
      numInt = Math.max(numInt, dot < 0 ? s.length : dot);
      numFrac = Math.max(numFrac, dot < 0 ? 0 : s.length - dot);
    } else {
      anyText = true;
      widen(3, textValue(row));
    }
  }
  widths[3] = Math.max(widths[3] as number, numInt + numFrac);
  const numericHead = !anyText && numInt > 0;
  let overflow: number | undefined;
  if (columns !== undefined) {
    const total = shrink(widths, columns, [0, 0, 0, numInt + numFrac, 0, 0]);
    if (total > columns) overflow = columns;
  }
  return { widths, numInt, numFrac, numericHead, overflow };
}

/** Narrow the widest text column, one column at a time, until a row fits; returns its width. */
function shrink(widths: number[], columns: number, floors: readonly number[]): number {
  const total = widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
  let excess = total - columns;
  // Text columns only: the date and stream columns are short and fixed.
  const shrinkable = [1, 2, 3, 4];
  while (excess > 0) {
    let widest = -1;
    for (const i of shrinkable) {
      const floor = Math.max(MIN_WIDTH[i] as number, floors[i] as number);
      if ((widths[i] as number) > floor && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = (widths[widest] as number) - 1;
    excess -= 1;
  }
  return columns + Math.max(0, excess);
}

function valueCell(row: MetricRow, l: Layout, width: number): string {
  if (isNumberRow(row)) {
    const s = String(row.numValue);
    const dot = s.indexOf('.');
    const frac = dot < 0 ? 0 : s.length - dot;
    const block = s + ' '.repeat(Math.max(0, l.numFrac - frac));
    return block.length > width ? block.slice(0, width - 1) + '…' : block.padStart(width);
  }
  return textCell(textValue(row), width, false);
}

function renderHeader(l: Layout, palette: Palette): string {
  const p = l.overflow === undefined ? palette : PLAIN;
  const w = l.widths;
  const cells = HEAD.map((h, i) => {
    if (i === HEAD.length - 1) return h;
    const width = w[i] as number;
    // A column narrowed below its name (provider at 6) cuts the name as it cuts the cells.
    if (h.length > width) return textCell(h, width, false);
    return i === 3 && l.numericHead ? h.padStart(width) : h.padEnd(width);
  });
  const line = cells.join(GAP);
  return (l.overflow === undefined ? p.bold(line) : truncate(line, l.overflow)) + '\n';
}

function renderRows(rows: readonly MetricRow[], l: Layout, palette: Palette): string {
  const p = l.overflow === undefined ? palette : PLAIN;
  const [wDate, wProvider, wMetric, wValue, wUnit] = l.widths as [
    number,
    number,
    number,
    number,
    number,
  ];
  const dim = p.enabled ? p.dim : (t: string): string => t;
  let text = '';
  for (const row of rows) {
    let value = valueCell(row, l, wValue);
    if (row.numValue === null && row.textValue === null) value = dim(value);
    let line =
      textCell(row.date, wDate, false) +
      GAP +
      textCell(row.provider, wProvider, false) +
      GAP +
      textCell(row.metric, wMetric, false) +
      GAP +
      value +
      GAP +
      dim(textCell(row.unit ?? NULL, wUnit, false)) +
      GAP +
      dim(row.stream ? 'true' : 'false');
    // Only when even the narrowest columns overflow a very small terminal: never wrap a row.
    if (l.overflow !== undefined) line = truncate(line, l.overflow);
    text += line + '\n';
  }
  return text;
}

function tableSink(out: Destination, options: TableOptions = {}): RowSink {
  const palette = options.palette ?? PLAIN;
  let l: Layout | undefined;
  return {
    async write({ data: batch }) {
      if (batch.length === 0) return;
      let head = '';
      if (l === undefined) {
        l = layout(batch, options.columns);
        head = renderHeader(l, palette);
      }
      await out.write(head + renderRows(batch, l, palette));
    },
    async end() {
      if (l === undefined) await out.write('No rows.\n');
      await out.end();
    },
  };
}
