// How one JSON value appears in a CSV cell: never "[object Object]". Tables show values through
// document-view/cells.ts, where null reads `null` and control characters are made visible.
import { RawNumber } from '../api/exact-numbers.ts';

/**
 * Between the items of a list in one cell: `PhoneHealth; WristBand`. Not a comma, which
 * provider and app names can hold ("Health, Inc.") and which is csv's delimiter; not a line
 * break, which breaks every line-based tool. The summary joins its text values the same way.
 */
export const LIST_SEPARATOR = '; ';

export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // A number JavaScript cannot hold exactly: its text as the server sent it.
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  const joined = Array.isArray(value) ? joinedList(value) : undefined;
  return joined ?? JSON.stringify(value);
}

/**
 * A list of names or numbers as one plain cell a spreadsheet shows as it is, rather than a JSON
 * array (`"[""PhoneHealth""]"`). Undefined when joining could be misread: a nested list or
 * record, or an item holding `;` itself (which the separator would split); those stay JSON.
 */
function joinedList(items: readonly unknown[]): string | undefined {
  const texts: string[] = [];
  for (const item of items) {
    if (item !== null && typeof item === 'object' && !(item instanceof RawNumber)) return undefined;
    const text = cell(item);
    if (text.includes(';')) return undefined;
    texts.push(text);
  }
  return texts.join(LIST_SEPARATOR);
}
