// One JSON value per line. Documents: one line per item of the body's main array, else the body.
import { mainArray } from '../documents.ts';
import { joinRows } from '../json-lines.ts';
import { rowCount } from '../../api/rows/lazy-page.ts';
import { textSink } from '../sink.ts';
import type { OutputFormat } from './format.ts';

export const ndjson: OutputFormat = {
  rows: (out) =>
    textSink({ rows: (page) => (rowCount(page) === 0 ? '' : joinRows(page, '\n', '', '\n')) }, out),
  document: ({ body }) =>
    (mainArray(body) ?? [body]).map((item) => JSON.stringify(item) + '\n').join(''),
};
