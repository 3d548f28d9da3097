// catalog, sources and profile: the spec does not show their bodies, so any JSON is rendered
// sensibly. `json` is the body exactly as received; csv/tsv/ndjson use the "main" array of
// records; a table draws arrays of records as tables and everything else as key/value rows.
import { stringify } from 'csv-stringify/sync';
import { isRecord } from '../api/status.ts';
import { cell } from './cells.ts';
import type { Destination } from './destination.ts';
import type { Format } from './format-names.ts';
import { renderDocument, type DocumentView } from './documents/render.ts';

type Row = Record<string, unknown>;

export interface RecordsOptions {
  format: Format;
  header: boolean;
  /** How a table looks: its title, width and colours, and keys shown elsewhere (the plan window). */
  view: DocumentView;
  /** JSON for a person: indented (the body as received is kept for pipes). */
  prettyJson?: boolean;
}

export async function writeRecords(
  body: unknown,
  rawText: string,
  out: Destination,
  options: RecordsOptions,
): Promise<void> {
  switch (options.format) {
    case 'json':
      if (options.prettyJson) await out.write(JSON.stringify(body, null, 2) + '\n');
      else await out.write(rawText.endsWith('\n') ? rawText : rawText + '\n');
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
      await out.write(renderDocument(body, options.view));
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

/**
 * The format for a pipe or file when none is asked for: csv when the body is one list of records
 * (sources), else json, so a single record (`healthdata profile | grep plan`) or a body of
 * several lists (catalog) is not squeezed into csv rows of JSON blobs.
 */
export function pipedDocumentFormat(body: unknown): 'csv' | 'json' {
  if (Array.isArray(body)) return body.length > 0 && body.every(isRecord) ? 'csv' : 'json';
  if (!isRecord(body)) return 'json';
  const lists = Object.values(body).filter((v) => Array.isArray(v) && v.some(isRecord));
  return lists.length === 1 && Array.isArray(body['data']) ? 'csv' : 'json';
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
