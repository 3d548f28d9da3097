// Writes summary lines in any format: a table for people; csv/tsv with one header and one
// line per metric and provider (no sparkline); json/ndjson with the same fields plus the
// daily series.
import { stringify } from 'csv-stringify/sync';
import type { Meta } from '../../api/types.ts';
import type { MetricSummary } from '../../daily/index.ts';
import type { Destination } from '../destination.ts';
import type { Format } from '../formats/index.ts';
import { SUMMARY_COLUMNS, summaryDocument, summaryRecord } from './record.ts';
import { summaryTable, type TableOptions } from './table.ts';

export interface SummaryOutput extends TableOptions {
  format: Format;
  header: boolean;
  /** The range asked for (null ends: open), and the plan window, for json. */
  range: { from: string | null; to: string | null };
  meta: Meta | undefined;
}

export async function writeSummaries(
  summaries: readonly MetricSummary[],
  out: Destination,
  options: SummaryOutput,
): Promise<void> {
  switch (options.format) {
    case 'table':
      await out.write(await summaryTable(summaries, options));
      break;
    case 'csv':
    case 'tsv': {
      const rows = summaries.map((s) => {
        const record = summaryRecord(s);
        return SUMMARY_COLUMNS.map((c) => record[c]);
      });
      const all = options.header ? [[...SUMMARY_COLUMNS], ...rows] : rows;
      if (all.length > 0) {
        await out.write(
          stringify(all, { delimiter: options.format === 'csv' ? ',' : '\t', eof: true }),
        );
      }
      break;
    }
    case 'json': {
      const items = summaries.map((s) => JSON.stringify(summaryDocument(s)));
      const meta = JSON.stringify({ ...options.range, ...options.meta });
      await out.write(
        `{"data":[${items.length ? `\n${items.join(',\n')}\n` : ''}],"meta":${meta}}\n`,
      );
      break;
    }
    case 'ndjson':
      await out.write(summaries.map((s) => JSON.stringify(summaryDocument(s)) + '\n').join(''));
      break;
  }
  await out.end();
}
