// Output formats are streaming sinks: write a page of rows, then end. A text format is just an
// encoder; textSink turns it into a sink over any Destination. end() is only called after a
// complete export, so a failed one is never closed off (a JSON document stays unterminated).
import { rowCount, type PageRows } from '../api/rows/lazy-page.ts';
import type { Meta, MetricRow } from '../api/types.ts';
import type { Destination } from './destination.ts';

/**
 * A page of rows (a Page, or `{ data: rows }`). Formats that can write a proven page from its
 * text (lazy-page.ts) do so without reading `data`, which would parse the rows.
 */
export type { PageRows };

export interface RowSink {
  write(page: PageRows, meta: Meta | undefined): Promise<void>;
  end(meta: Meta | undefined): Promise<void>;
}

export interface Encoder {
  /** Text before the first row (e.g. a CSV header). */
  start?(meta: Meta | undefined): string;
  /** Text, or the UTF-8 bytes of a page written from its bytes (csv-bytes.ts, json-lines.ts). */
  rows(page: PageRows): string | Buffer;
  /** Text after the last row (e.g. closing a JSON document). */
  finish?(meta: Meta | undefined): string;
}

export function textSink(encoder: Encoder, out: Destination): RowSink {
  let started = false;
  const begin = (meta: Meta | undefined): string => {
    if (started) return '';
    started = true;
    return encoder.start?.(meta) ?? '';
  };
  return {
    async write(page, meta) {
      const head = begin(meta);
      if (head === '' && rowCount(page) === 0) return;
      const rows = encoder.rows(page);
      if (typeof rows === 'string') return out.write(head + rows);
      await out.write(head);
      await out.write(rows);
    },
    async end(meta) {
      await out.write(begin(meta) + (encoder.finish?.(meta) ?? ''));
      await out.end();
    },
  };
}

export const COLUMNS = [
  'date',
  'provider',
  'metric',
  'numValue',
  'textValue',
  'unit',
  'stream',
] as const satisfies readonly (keyof MetricRow)[];
