// One JSON document, {"data":[...],"meta":{...}}, streamed: rows are written as they arrive and
// the document is closed only by finish(), which runs only when the export completed.
import type { Encoder } from '../sink.ts';

export function jsonEncoder(): Encoder {
  let first = true;
  return {
    start: () => '{"data":[',
    rows(rows) {
      let text = '';
      for (const row of rows) {
        text += (first ? '\n' : ',\n') + JSON.stringify(row);
        first = false;
      }
      return text;
    },
    finish: (meta) => `${first ? '' : '\n'}],"meta":${JSON.stringify(meta ?? null)}}\n`,
  };
}
