// The table is for people. cli-table3 costs ~0.15 ms a row and grows worse than linearly on
// one huge table (30,000 rows took 48 s in one piece), so rows are drawn page by page as
// borderless blocks that share the column widths chosen from the first page: the blocks line
// up into one table, output streams, and memory stays flat. Over-long values wrap.
// Tables load cli-table3 only when drawn; this whole file is loaded only for -f table.
import type { MetricRow } from '../../api/types.ts';
import type { Destination } from '../destination.ts';
import type { RowSink } from '../sink.ts';
import { isRecord } from '../../lib/json.ts';
import { cell, displayCell } from '../cells.ts';
import { columnsOf } from '../documents.ts';
import type { OutputFormat } from './format.ts';

export const table: OutputFormat = {
  rows: (out) => tableSink(out),
  document: ({ body }, options) => documentTables(body, options.hideKeys ?? []),
};

const HEAD = ['date', 'provider', 'metric', 'value', 'unit', 'stream'];
const MAX_WIDTH = [10, 24, 32, 24, 10, 6];

export const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

async function tableSink(out: Destination): Promise<RowSink> {
  const { default: Table } = await import('cli-table3');
  let widths: number[] | undefined;
  let any = false;
  return {
    async write(batch) {
      if (batch.length === 0) return;
      const cells = batch.map(toCells);
      const head = widths === undefined;
      widths ??= HEAD.map((name, i) =>
        Math.min(MAX_WIDTH[i] ?? 20, Math.max(name.length, ...cells.map((c) => width(c[i])))),
      );
      const table = new Table({
        chars: BORDERLESS,
        colWidths: widths,
        colAligns: ['left', 'left', 'left', 'right', 'left', 'left'],
        wordWrap: true,
        style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
        ...(head ? { head: HEAD } : {}),
      });
      table.push(...cells);
      any = true;
      await out.write(trimLines(table.toString()) + '\n');
    },
    async end() {
      if (!any) await out.write('No rows.\n');
      await out.end();
    },
  };
}

function toCells(r: MetricRow): string[] {
  return [r.date, r.provider, r.metric, valueOf(r), r.unit ?? '', r.stream ? 'yes' : 'no'];
}

function valueOf(row: MetricRow): string {
  if (row.numValue !== null && row.numValue !== undefined) {
    return row.textValue ? `${cell(row.numValue)} (${row.textValue})` : cell(row.numValue);
  }
  return row.textValue ?? '';
}

function width(text: string | undefined): number {
  return text === undefined ? 0 : [...text].length;
}

export function trimLines(text: string): string {
  return text.replace(/[ \t]+$/gm, '');
}

// Documents (catalog, sources, profile): arrays of records become tables, everything else
// key/value rows.
async function documentTables(body: unknown, hide: readonly string[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const style = { head: [], border: [], compact: true };
  const recordTable = (rows: readonly unknown[]): string => {
    if (rows.length === 0) return '(none)';
    if (!rows.every(isRecord)) return rows.map(displayCell).join('\n');
    const columns = columnsOf(rows);
    const table = new Table({ head: columns, style });
    for (const row of rows) table.push(columns.map((c) => displayCell(row[c])));
    return table.toString();
  };
  if (Array.isArray(body)) return recordTable(body) + '\n';
  if (!isRecord(body)) return displayCell(body) + '\n';
  const sections: string[] = [];
  const pairs = new Table({ chars: BORDERLESS, style: { ...style, 'padding-left': 0 } });
  for (const [key, value] of Object.entries(body)) {
    if (hide.includes(key)) continue;
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
      sections.push(`${key}:\n${recordTable(value)}`);
    } else if (
      isRecord(value) &&
      Object.values(value).every((v) => !isRecord(v) && !Array.isArray(v))
    ) {
      for (const [k, v] of Object.entries(value)) pairs.push([`${key}.${k}`, displayCell(v)]);
    } else {
      pairs.push([key, displayCell(value)]);
    }
  }
  if (pairs.length > 0) sections.unshift(trimLines(pairs.toString()));
  return sections.join('\n\n') + '\n';
}
