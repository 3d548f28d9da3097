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
