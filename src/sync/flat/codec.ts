// How a flat target's records are written and read back. Writing reuses the encoders of
// `metrics -f <format>`, so a synced file is byte for byte what an export writes; reading
// needs only each record's date, provider and metric.
import { ProtocolError } from '../../api/errors.ts';
import type { MetricRow } from '../../api/types.ts';
import { delimitedEncoder } from '../../output/formats/csv.ts';
import { ndjsonEncoder } from '../../output/formats/ndjson.ts';
import type { Encoder } from '../../output/sink.ts';

export interface RecordKey {
  date: string;
  provider: string;
  metric: string;
}

export interface FlatCodec {
  /** The first record of every file of this format ('' for none). */
  header: string;
  /** Whether a newline may sit inside a quoted field. */
  quoted: boolean;
  encode(rows: readonly MetricRow[]): string;
  key(record: string): RecordKey;
}

export function flatCodec(format: 'csv' | 'tsv' | 'ndjson'): FlatCodec {
  if (format === 'ndjson') return ndjson(ndjsonEncoder());
  const delimiter = format === 'csv' ? ',' : '\t';
  const encoder = delimitedEncoder({ delimiter, header: true });
  return {
    header: encoder.start?.(undefined) ?? '',
    quoted: true,
    encode: (rows) => encoder.rows(rows),
    key: (record) => {
      const [date, provider, metric] = firstFields(record, delimiter, 3);
      return checked({ date, provider, metric }, record);
    },
  };
}

function ndjson(encoder: Encoder): FlatCodec {
  return {
    header: '',
    quoted: false,
    encode: (rows) => encoder.rows(rows),
    key: (record) => {
      let row: Partial<Record<keyof RecordKey, unknown>>;
      try {
        row = JSON.parse(record) as typeof row;
      } catch {
        throw badRecord(record);
      }
      return checked({ date: row.date, provider: row.provider, metric: row.metric }, record);
    },
  };
}

function checked(key: Record<keyof RecordKey, unknown>, record: string): RecordKey {
  const { date, provider, metric } = key;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRecord(record);
  if (typeof provider !== 'string' || typeof metric !== 'string') throw badRecord(record);
  return { date, provider, metric };
}

export class TargetFormatError extends ProtocolError {
  constructor(message: string) {
    super(message, 'bad_target');
  }
}

function badRecord(record: string): TargetFormatError {
  const shown = record.length > 80 ? `${record.slice(0, 77)}...` : record.trimEnd();
  return new TargetFormatError(
    `the target has a record sync cannot read: ${JSON.stringify(shown)}`,
  );
}

/** The first `count` fields of an RFC 4180 record ("" escapes a quote inside quotes). */
export function firstFields(record: string, delimiter: string, count: number): unknown[] {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < count && i <= record.length) {
    if (record[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const close = record.indexOf('"', i);
        if (close === -1) return fields; // unterminated: checked() rejects the record
        value += record.slice(i, close);
        if (record[close + 1] === '"') {
          value += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      fields.push(value);
      i++; // the delimiter
    } else {
      let end = record.indexOf(delimiter, i);
      if (end === -1) end = record.length;
      fields.push(record.slice(i, end).replace(/\r?\n$/, ''));
      i = end + 1;
    }
  }
  return fields;
}
