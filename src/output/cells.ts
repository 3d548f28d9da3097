// How one JSON value appears in a CSV cell: never "[object Object]". Tables show values through
// document-view/cells.ts, where null reads `null` and control characters are made visible.
import { RawNumber } from '../api/exact-numbers.ts';

export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // A number JavaScript cannot hold exactly: its text as the server sent it.
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}
