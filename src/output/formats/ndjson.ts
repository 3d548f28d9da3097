import { joinRows } from '../json-lines.ts';
import type { Encoder } from '../sink.ts';

export function ndjsonEncoder(): Encoder {
  return {
    rows: (rows) => (rows.length === 0 ? '' : joinRows(rows, '\n') + '\n'),
  };
}
