// Rows are checked against the spec's types before anything is written: a row the formats
// would mangle (a number as text, an object as a date) is a protocol error naming the row and
// field, not a crash in the table or a silent change in the CSV. Documented leniency: a
// nullable field that is missing reads as null, and fields the spec does not list are ignored
// by csv/tsv/table and kept by json/ndjson.
import { ProtocolError } from './errors.ts';
import { RawNumber } from './exact-numbers.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Check = (value: unknown) => boolean;
const string: Check = (v) => typeof v === 'string';
const nullableString: Check = (v) => v === null || v === undefined || typeof v === 'string';
const FIELDS: readonly [string, Check, string][] = [
  ['date', (v) => typeof v === 'string' && DATE.test(v), 'a YYYY-MM-DD date'],
  ['provider', string, 'a string'],
  ['metric', string, 'a string'],
  [
    'numValue',
    (v) => v === null || v === undefined || typeof v === 'number' || v instanceof RawNumber,
    'a number or null',
  ],
  ['textValue', nullableString, 'a string or null'],
  ['unit', nullableString, 'a string or null'],
  ['stream', (v) => typeof v === 'boolean', 'true or false'],
];

/** Throws a ProtocolError for the first row that breaks the spec's types. */
export function checkRows(rows: readonly unknown[]): void {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new ProtocolError(`row ${i + 1} of the page is not an object`, 'bad_row');
    }
    // The common case, spelled out: this runs for every row (a per-field loop cost ~3× more).
    const r = row as Record<string, unknown>;
    const n = r['numValue'];
    const t = r['textValue'];
    const u = r['unit'];
    if (
      !isDate(r['date']) ||
      typeof r['provider'] !== 'string' ||
      typeof r['metric'] !== 'string' ||
      !(typeof n === 'number' || n === null || n === undefined || n instanceof RawNumber) ||
      !(typeof t === 'string' || t === null || t === undefined) ||
      !(typeof u === 'string' || u === null || u === undefined) ||
      typeof r['stream'] !== 'boolean'
    ) {
      explain(r, i);
    }
  }
}

/** YYYY-MM-DD, checked without a regular expression (hot path). */
function isDate(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 10) return false;
  for (let k = 0; k < 10; k++) {
    const c = value.charCodeAt(k);
    if (k === 4 || k === 7 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return true;
}

function explain(record: Record<string, unknown>, i: number): never {
  for (const [field, ok, expected] of FIELDS) {
    const value = record[field];
    if (!ok(value)) {
      throw new ProtocolError(
        `row ${i + 1} of the page has ${field} ${describe(value)}, where the spec says ${expected}`,
        'bad_row',
      );
    }
  }
  throw new ProtocolError(`row ${i + 1} of the page does not match the spec`, 'bad_row');
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  const text = JSON.stringify(value);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  const kind = Array.isArray(value)
    ? 'an array'
    : typeof value === 'object'
      ? 'an object'
      : `a ${typeof value}`;
  return `${shown} (${kind})`;
}
