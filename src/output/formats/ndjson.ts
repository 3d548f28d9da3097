import type { Encoder } from '../sink.ts';

export function ndjsonEncoder(): Encoder {
  return {
    rows(rows) {
      let text = '';
      for (const row of rows) text += JSON.stringify(row) + '\n';
      return text;
    },
  };
}
