// Output formats are streaming sinks: write a page of rows, then end. A text format is just an
// encoder; textSink turns it into a sink over any Destination. end() is only called after a
// complete export, so a failed one is never closed off (a JSON document stays unterminated).
import type { Meta, MetricRow } from '../api/types.ts';
import type { Destination } from './destination.ts';

export interface RowSink {
  write(rows: readonly MetricRow[], meta: Meta | undefined): Promise<void>;
  end(meta: Meta | undefined): Promise<void>;
}

export interface Encoder {
  /** Text before the first row (e.g. a CSV header). */
  start?(meta: Meta | undefined): string;
  rows(rows: readonly MetricRow[]): string;
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
    async write(rows, meta) {
      const head = begin(meta);
      if (rows.length === 0 && head === '') return;
      await out.write(head + encoder.rows(rows));
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
