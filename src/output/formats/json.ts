// One JSON document, {"data":[...],"meta":{...}}, streamed: rows are written as they arrive and
// the document is closed only by finish(), which runs only when the export completed.
import { joinRows } from '../json-lines.ts';
import type { Encoder } from '../sink.ts';

export function jsonEncoder(): Encoder {
  let first = true;
  return {
    start: () => '{"data":[',
    rows(rows) {
      if (rows.length === 0) return '';
      const text = (first ? '\n' : ',\n') + joinRows(rows, ',\n');
      first = false;
      return text;
    },
    finish: (meta) => `${first ? '' : '\n'}],"meta":${JSON.stringify(meta ?? null)}}\n`,
  };
}
