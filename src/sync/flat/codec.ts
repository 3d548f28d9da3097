// How a flat target's records are written and read back. Writing goes through the format
// registry's own row sinks, the very code `metrics -f <format>` runs, so a synced file is byte
// for byte what an export writes; reading needs only each record's date, provider and metric.
import { ProtocolError } from '../../api/errors.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Destination } from '../../output/destination.ts';
import { createRowSink } from '../../output/formats/index.ts';

export interface RecordKey {
  date: string;
  provider: string;
  metric: string;
}

export type FlatFormat = 'csv' | 'tsv' | 'ndjson';

export interface FlatCodec {
  /** The first record of every file of this format ('' for none). */
  header: string;
  /** Whether a newline may sit inside a quoted field. */
  quoted: boolean;
  encode(rows: readonly MetricRow[]): Promise<string>;
  key(record: string): RecordKey;
}

export async function flatCodec(format: FlatFormat): Promise<FlatCodec> {
  const captured = capture();
  const headerSink = await createRowSink(format, captured, { header: true });
  await headerSink.end(undefined);
  const header = captured.take();
  const sink = await createRowSink(format, captured, { header: false });
  const encode = async (rows: readonly MetricRow[]): Promise<string> => {
    await sink.write({ data: rows }, undefined);
    return captured.take();
  };
  if (format === 'ndjson') return { header, quoted: false, encode, key: ndjsonKey };
  const delimiter = format === 'csv' ? ',' : '\t';
  return {
    header,
    quoted: true,
    encode,
    key: (record) => {
      const [date, provider, metric] = firstFields(record, delimiter, 3);
      return checked({ date, provider, metric }, record);
    },
  };
}

/** A destination that keeps what is written, for the caller to take. */
function capture(): Destination & { take(): string } {
  let text = '';
  return {
    write: (chunk) => {
      text += chunk;
      return Promise.resolve();
    },
    end: () => Promise.resolve(),
    take: () => {
      const taken = text;
      text = '';
      return taken;
    },
  };
}

function ndjsonKey(record: string): RecordKey {
  let row: Partial<Record<keyof RecordKey, unknown>>;
  try {
    row = JSON.parse(record) as typeof row;
  } catch {
    throw badRecord(record);
  }
  return checked({ date: row.date, provider: row.provider, metric: row.metric }, record);
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
