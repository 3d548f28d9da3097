// One row's fields as loose arguments, for consumers that take a parsed row and a walked row
// (row-walk.ts) alike without making an object of the latter.
import type { RowView } from '../api/rows/row-walk.ts';
import type { MetricRow } from '../api/types.ts';

/**
 * One row's fields. `numLength`: the length of String(num) when the page spells every number
 * so (no raw numbers), read off the bytes; -1 when unknown.
 */
export type RowFields<R = void> = (
  metric: string,
  provider: string,
  date: string,
  num: unknown,
  text: unknown,
  unit: unknown,
  stream: boolean,
  numLength: number,
) => R;

/** `each` of a parsed row's fields (its number's length unknown). */
export function fieldsOf<R>(row: MetricRow, each: RowFields<R>): R {
  return each(
    row.metric,
    row.provider,
    row.date,
    row.numValue,
    row.textValue,
    row.unit,
    row.stream === true,
    -1,
  );
}

/** `each` of a walked row's fields. */
export function viewFields<R>(row: RowView, each: RowFields<R>): R {
  return each(
    row.metric(),
    row.provider(),
    row.date(),
    row.numValue(),
    row.textValue(),
    row.unit(),
    row.stream(),
    row.numLength(),
  );
}
