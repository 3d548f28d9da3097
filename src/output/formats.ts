// The format registry: adding a format means adding its file and one line here.
import type { Destination } from './destination.ts';
import { delimitedEncoder } from './formats/csv.ts';
import { jsonEncoder } from './formats/json.ts';
import { ndjsonEncoder } from './formats/ndjson.ts';
import { textSink, type RowSink } from './sink.ts';

import type { Format } from './format-names.ts';
import type { Palette } from '../terminal/colors.ts';

export interface SinkOptions {
  header: boolean;
  /** For the table: the width to fit (undefined: no limit) and the colours. */
  columns?: number | undefined;
  palette?: Palette;
}

export async function createRowSink(
  format: Format,
  out: Destination,
  options: SinkOptions,
): Promise<RowSink> {
  switch (format) {
    case 'table': {
      const { tableSink } = await import('./formats/table.ts');
      return tableSink(out, {
        columns: options.columns,
        ...(options.palette ? { palette: options.palette } : {}),
      });
    }
    case 'json':
      return textSink(jsonEncoder(), out);
    case 'ndjson':
      return textSink(ndjsonEncoder(), out);
    case 'csv':
      return textSink(delimitedEncoder({ delimiter: ',', header: options.header }), out);
    case 'tsv':
      return textSink(delimitedEncoder({ delimiter: '\t', header: options.header }), out);
  }
}
