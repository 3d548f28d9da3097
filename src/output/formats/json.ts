// One JSON document. Rows: {"data":[...],"meta":{...}}, streamed: rows are written as they
// arrive and the document is closed only by finish(), which runs only when the export completed.
// Documents: the body exactly as the server sent it, or indented for a person at a terminal.
import { joinRows } from '../json-lines.ts';
import { rowCount } from '../../api/rows/lazy-page.ts';
import { textSink, type Encoder } from '../sink.ts';
import type { OutputFormat } from './format.ts';

export const json: OutputFormat = {
  rows: (out, { pretty }) => textSink(pretty ? prettyEncoder() : jsonEncoder(), out),
  document: ({ body, text }, { pretty }) => {
    if (pretty) return JSON.stringify(body, null, 2) + '\n';
    return text.endsWith('\n') ? text : text + '\n';
  },
};

/** For a person at a terminal: the same document, indented. */
function prettyEncoder(): Encoder {
  let first = true;
  const indent = (value: unknown): string =>
    JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');
  return {
    start: () => '{\n  "data": [',
    rows({ data: rows }) {
      if (rows.length === 0) return '';
      const text = rows.map((row, i) => `${first && i === 0 ? '' : ','}\n    ${indent(row)}`);
      first = false;
      return text.join('');
    },
    finish: (meta) =>
      `${first ? '' : '\n  '}],\n  "meta": ${JSON.stringify(meta ?? null, null, 2).replace(/\n/g, '\n  ')}\n}\n`,
  };
}

function jsonEncoder(): Encoder {
  let first = true;
  return {
    start: () => '{"data":[',
    rows(page) {
      if (rowCount(page) === 0) return '';
      const rows = joinRows(page, ',\n', first ? '\n' : ',\n');
      first = false;
      return rows;
    },
    finish: (meta) => `${first ? '' : '\n'}],"meta":${JSON.stringify(meta ?? null)}}\n`,
  };
}
