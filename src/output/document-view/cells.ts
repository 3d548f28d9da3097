// How a JSON value reads in a document (catalog, sources, profile) on a terminal: one line,
// lists joined with ", ", null as a dash (the same one the metrics table uses), and no control
// character from the server ever printed raw.
import { isRecord } from '../../lib/json.ts';
import { visible } from '../terminal/visible.ts';

/**
 * How null reads in every table, document and status line: a dash, which says "no value"
 * without inventing a meaning the spec does not give (the word `null` read as a value, and
 * csv leaves the cell empty). Piped json keeps null.
 */
export const NULL_TEXT = '—';

export function isScalar(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value !== 'object' && typeof value !== 'function')
  );
}

export function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** One line of text for any value; nested records read as `key: value; key: value`. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return NULL_TEXT;
  if (typeof value === 'string') return visible(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(cellText).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([k, v]) => `${visible(k)}: ${cellText(v)}`)
      .join('; ');
  }
  return String(value);
}

/** `source_apps` → `Source apps`, for block titles. */
export function titleOf(key: string): string {
  const words = visible(key)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
