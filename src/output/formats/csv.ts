// CSV and TSV through csv-stringify's sync API, one call per page (fast, and still streaming
// page by page). RFC 4180 quoting; null as an empty cell; booleans as true/false; numbers as
// JavaScript prints them, which is the API's own text for any canonically serialised number.
// Rows are handed over as arrays: with object records and `columns`, csv-stringify resolves
// every field through its path getter, which made CSV ~45% slower (profiled: npm run bench).
import { stringify, type Options } from 'csv-stringify/sync';
import type { MetricRow } from '../../api/types.ts';
import { COLUMNS, type Encoder } from '../sink.ts';

export interface DelimitedOptions {
  delimiter: ',' | '\t';
  header: boolean;
}

const cast: NonNullable<Options['cast']> = {
  boolean: (value) => (value ? 'true' : 'false'),
  number: (value) => String(value),
};

// Spelled out rather than mapped over COLUMNS: this runs for every row and is 4× faster.
const toCells = (r: MetricRow): unknown[] => [
  r.date,
  r.provider,
  r.metric,
  r.numValue,
  r.textValue,
  r.unit,
  r.stream,
];

export function delimitedEncoder(options: DelimitedOptions): Encoder {
  const stringifyOptions: Options = { delimiter: options.delimiter, cast, eof: true };
  return {
    start: () => (options.header ? stringify([[...COLUMNS]], stringifyOptions) : ''),
    rows: (rows) => (rows.length === 0 ? '' : stringify(rows.map(toCells), stringifyOptions)),
  };
}
