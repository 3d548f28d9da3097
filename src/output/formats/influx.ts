// `-f influx`: InfluxDB line protocol, one point a line (src/output/influx-points.ts says what
// a point holds). Rows (`metrics`) are raw rows; a document is `daily`'s values, the only
// document that is a time series. Any other document (a catalog, a summary) is refused with
// a usage error rather than written as something no database would read as meant.
import { RowWalker } from '../../api/rows/row-walk.ts';
import type { PageRows } from '../../api/rows/lazy-page.ts';
import { UsageError } from '../../lib/errors.ts';
import { dailyLine, RowNumbers, rowLine, type DailyPoint } from '../influx-points.ts';
import { textSink } from '../sink.ts';
import type { OutputFormat } from './format.ts';

export const influx: OutputFormat = {
  rows: (out, { timeZone }) => {
    const numbers = new RowNumbers();
    const zone = timeZone === undefined ? {} : { zone: timeZone };
    // The one walk over a page's rows (src/api/rows/row-walk.ts).
    const walker = new RowWalker();
    const rows = (page: PageRows): string => {
      let text = '';
      walker.walk(page, (view) => {
        const row = view.object();
        text += rowLine(row, numbers.next(row), zone);
      });
      return text;
    };
    return textSink({ rows }, out);
  },
  document: ({ body }, { timeZone }) => {
    const records = dailyRecords(body);
    const zone = timeZone === undefined ? {} : { zone: timeZone };
    return records.map((r) => dailyLine(r, zone)).join('');
  },
};

function dailyRecords(body: unknown): DailyPoint[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data) && data.every(isDailyRecord)) return data;
  throw new UsageError(
    '-f influx writes daily values (healthdata daily, without --wide) and rows (healthdata metrics) — use another format here',
    'bad_format',
  );
}

function isDailyRecord(record: unknown): record is DailyPoint {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Record<string, unknown>;
  return (
    typeof r['date'] === 'string' &&
    typeof r['metric'] === 'string' &&
    typeof r['provider'] === 'string' &&
    typeof r['basis'] === 'string' &&
    typeof r['rows'] === 'number' &&
    (r['value'] === null || typeof r['value'] === 'number') &&
    (r['text'] === null || typeof r['text'] === 'string') &&
    (r['unit'] === null || typeof r['unit'] === 'string')
  );
}
