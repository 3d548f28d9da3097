// What a day's rows are compared by, in every store: every field, numbers by the exact value
// the server sent (a RawNumber's text), so 1e400 and 9007199254740993 compare as sent.
import { RawNumber } from '../api/exact-numbers.ts';
import type { MetricRow } from '../api/types.ts';

export function rowIdentity(r: MetricRow): string {
  const num = r.numValue ?? null;
  return identity(
    r.provider,
    r.metric,
    num instanceof RawNumber ? num.text : num,
    r.textValue ?? null,
    r.unit ?? null,
    r.stream ? 1 : 0,
  );
}

/** The identity of a row given as its six compared values, in rowIdentity's order. */
export function identity(...values: unknown[]): string {
  return JSON.stringify(values);
}
