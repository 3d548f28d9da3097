// The dataset's columns, named as the API names them, with the types an engine expects:
// `date` a DATE, `numValue` a DOUBLE, `stream` a BOOLEAN. A number a double cannot hold
// (1e400, 9007199254740993) goes in as the nearest double and, beside it, in `numValueText`
// as the server sent it — the SQLite target's rule (sqlite/insert.ts).
import type { SchemaElement } from 'hyparquet';
import type { ColumnSource } from 'hyparquet-writer';
import { RawNumber } from '../../api/exact-numbers.ts';
import type { MetricRow } from '../../api/types.ts';

const text = (name: string, required = false): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  converted_type: 'UTF8',
  repetition_type: required ? 'REQUIRED' : 'OPTIONAL',
});

export const SCHEMA: SchemaElement[] = [
  { name: 'schema', num_children: 8 },
  { name: 'date', type: 'INT32', converted_type: 'DATE', repetition_type: 'REQUIRED' },
  text('provider', true),
  text('metric', true),
  { name: 'numValue', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  text('textValue'),
  text('unit'),
  { name: 'stream', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
  text('numValueText'),
];

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as days since 1970-01-01, Parquet's DATE. */
export function epochDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

export function isoDate(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** Rows as the writer's columns, in SCHEMA's order. */
export function toColumns(rows: readonly MetricRow[]): ColumnSource[] {
  const n = rows.length;
  const date = new Int32Array(n);
  const provider: string[] = [];
  const metric: string[] = [];
  const numValue: (number | null)[] = [];
  const textValue: (string | null)[] = [];
  const unit: (string | null)[] = [];
  const stream: boolean[] = [];
  const numValueText: (string | null)[] = [];
  rows.forEach((r, i) => {
    const num = r.numValue ?? null;
    date[i] = epochDay(r.date);
    provider.push(r.provider);
    metric.push(r.metric);
    numValue.push(num instanceof RawNumber ? Number(num.text) : num);
    numValueText.push(num instanceof RawNumber ? num.text : null);
    textValue.push(r.textValue ?? null);
    unit.push(r.unit ?? null);
    stream.push(r.stream);
  });
  const data = { date, provider, metric, numValue, textValue, unit, stream, numValueText };
  return SCHEMA.slice(1).map(({ name }) => ({ name, data: data[name as keyof typeof data] }));
}

/** A row read back (dates already `YYYY-MM-DD`, see files.ts) as the API sent it. */
export function fromRecord(r: Record<string, unknown>): MetricRow {
  const exact = r['numValueText'];
  const num = r['numValue'];
  return {
    date: r['date'] as string,
    provider: r['provider'] as string,
    metric: r['metric'] as string,
    numValue:
      typeof exact === 'string' ? new RawNumber(exact) : typeof num === 'number' ? num : null,
    textValue: (r['textValue'] as string | null | undefined) ?? null,
    unit: (r['unit'] as string | null | undefined) ?? null,
    stream: r['stream'] === true,
  };
}
