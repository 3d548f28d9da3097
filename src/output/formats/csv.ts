// CSV and TSV through csv-stringify's sync API, one call per page (fast, and still streaming
// page by page). RFC 4180 quoting; null as an empty cell; booleans as true/false; numbers as
// JavaScript prints them, which is the API's own text for any canonically serialised number.
import { stringify, type Options } from 'csv-stringify/sync';
import { COLUMNS, type Encoder } from '../sink.ts';

export interface DelimitedOptions {
  delimiter: ',' | '\t';
  header: boolean;
}

const cast: NonNullable<Options['cast']> = {
  boolean: (value) => (value ? 'true' : 'false'),
  number: (value) => String(value),
};

export function delimitedEncoder(options: DelimitedOptions): Encoder {
  const stringifyOptions: Options = {
    delimiter: options.delimiter,
    columns: [...COLUMNS],
    header: false,
    cast,
    eof: true,
  };
  return {
    start: () => (options.header ? COLUMNS.join(options.delimiter) + '\n' : ''),
    rows: (rows) =>
      rows.length === 0 ? '' : stringify(rows as unknown as object[], stringifyOptions),
  };
}
