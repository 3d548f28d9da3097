// catalog, sources and profile: the spec does not show their bodies, so every format renders
// any JSON sensibly. These helpers find the records a body is "about".
import { isRecord } from '../lib/json.ts';

type Row = Record<string, unknown>;

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
