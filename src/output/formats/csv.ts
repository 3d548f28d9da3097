// CSV and TSV. csv-stringify is the reference: the header, documents and every row that needs
// quoting go through its sync API; the common row goes through csv-fast.ts, proven
// byte-identical to it. RFC 4180 quoting; null as an empty cell; booleans as true/false;
// numbers as JavaScript prints them, which is the API's own text for any canonically
// serialised number.
import { stringify, type Options } from 'csv-stringify/sync';
import { RawNumber } from '../../api/exact-numbers.ts';
import type { MetricRow } from '../../api/types.ts';
import { isRecord } from '../../lib/json.ts';
import { cell } from '../cells.ts';
import { columnsOf, mainArray } from '../documents.ts';
import { COLUMNS, textSink, type Encoder } from '../sink.ts';
import { RowWalker } from '../../api/rows/row-walk.ts';
import { fastLine, type Delimiter } from './csv-fast.ts';
import { delimitedRows } from './csv-bytes.ts';
import type { DocumentOptions, JsonDocument, OutputFormat } from './format.ts';

interface DelimitedOptions {
  delimiter: Delimiter;
  header: boolean;
}

function delimited(delimiter: Delimiter): OutputFormat {
  return {
    rows: (out, { header }) => textSink(delimitedEncoder({ delimiter, header }), out),
    document: (doc, options) => delimitedDocument(doc, delimiter, options),
  };
}

export const csv = delimited(',');
export const tsv = delimited('\t');

const cast: NonNullable<Options['cast']> = {
  boolean: (value) => (value ? 'true' : 'false'),
  number: (value) => String(value),
  // Numbers JSON.parse would have changed (1e400, 20-digit integers) arrive as RawNumber.
  object: (value) => (value instanceof RawNumber ? value.text : JSON.stringify(value)),
};

// Rows are handed to csv-stringify as arrays: with object records and `columns`, it resolves every
// field through its path getter, which made CSV much slower (profiled;
// `npm run bench -- --only throughput`). Spelled out rather than mapped over COLUMNS: this runs for
// every row, and the literal array is the faster of the two.
export const toCells = (r: MetricRow): unknown[] => [
  r.date,
  r.provider,
  r.metric,
  r.numValue,
  r.textValue,
  r.unit,
  r.stream,
];

/** csv-stringify's options for rows: the reference the fast path is tested against. */
export function stringifyOptions(delimiter: Delimiter): Options {
  return { delimiter, cast, eof: true };
}

export function delimitedEncoder(options: DelimitedOptions): Encoder {
  const reference = stringifyOptions(options.delimiter);
  const walker = new RowWalker();
  const line = (row: MetricRow): string =>
    fastLine(row, options.delimiter) ?? stringify([toCells(row)], reference);
  return {
    start: () => (options.header ? stringify([[...COLUMNS]], reference) : ''),
    // A proven page is copied from its bytes, its rows never parsed (csv-bytes.ts).
    rows: (page) => delimitedRows(walker, page, options.delimiter, line),
  };
}

/** Documents: the main array of records (or the body itself when it is one record). */
function delimitedDocument(
  { body }: JsonDocument,
  delimiter: Delimiter,
  { header, emptyColumns = [] }: DocumentOptions,
): string {
  const rows = (mainArray(body) ?? (isRecord(body) ? [body] : [])).filter(isRecord);
  const columns = rows.length === 0 ? [...emptyColumns] : columnsOf(rows);
  if (columns.length === 0) return '';
  const records = rows.map((row) => columns.map((c) => cell(row[c])));
  return stringify(header ? [columns, ...records] : records, { delimiter, eof: true });
}
