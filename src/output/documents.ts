// catalog, sources and profile: the spec does not show their bodies, so any JSON is rendered
// sensibly. `json` is the body exactly as received; csv/tsv/ndjson use the "main" array of
// records; a table draws arrays of records as tables and everything else as key/value rows.
import { stringify } from 'csv-stringify/sync';
import { isRecord } from '../lib/json.ts';
import { cell, displayCell } from './cells.ts';
import type { Destination } from './destination.ts';
import type { Format } from './format-names.ts';
import { BORDERLESS, trimLines } from './formats/table.ts';

type Row = Record<string, unknown>;

export interface RecordsOptions {
  format: Format;
  header: boolean;
  /** Keys left out of tables because they are shown elsewhere (the plan window). */
  hideKeys?: readonly string[];
}

export async function writeRecords(
  body: unknown,
  rawText: string,
  out: Destination,
  options: RecordsOptions,
): Promise<void> {
  switch (options.format) {
    case 'json':
      await out.write(rawText.endsWith('\n') ? rawText : rawText + '\n');
      break;
    case 'ndjson': {
      const rows = mainArray(body);
      const items = rows ?? [body];
      await out.write(items.map((r) => JSON.stringify(r) + '\n').join(''));
      break;
    }
    case 'csv':
    case 'tsv': {
      const rows = mainArray(body) ?? (isRecord(body) ? [body] : []);
      await out.write(
        delimited(rows.filter(isRecord), options.format === 'csv' ? ',' : '\t', options.header),
      );
      break;
    }
    case 'table':
      await out.write(await tables(body, options.hideKeys ?? []));
      break;
  }
  await out.end();
}

/** The array the body is "about": the body itself, its `data`, or its first array of records. */
export function mainArray(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body['data'])) return body['data'];
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) return value;
  }
  return undefined;
}

export function columnsOf(rows: readonly Row[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys];
}

function delimited(rows: readonly Row[], delimiter: string, header: boolean): string {
  const columns = columnsOf(rows);
  if (columns.length === 0) return '';
  const records = rows.map((row) => columns.map((c) => cell(row[c])));
  return stringify(header ? [columns, ...records] : records, { delimiter, eof: true });
}

async function tables(body: unknown, hide: readonly string[]): Promise<string> {
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
