// How rows go into `metrics`: many rows per statement. Each call into libsql costs about as
// much as SQLite's own work for a row (a native call, a lock, a bound value each), so 64 rows
// per INSERT … VALUES (…), (…) take about half the CPU of one row per INSERT (1M rows, measured).
// The rows of one statement are inserted in the order listed, so rowids keep the API's order.
import { RawNumber } from '../../api/exact-numbers.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Database } from './load.ts';

const BATCH = 64;
const COLUMNS = '(date, provider, metric, numValue, textValue, unit, stream, numValueText)';
const insertSql = (rows: number): string =>
  `INSERT INTO metrics ${COLUMNS} VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;

/** A function that inserts rows, with statements prepared once for the whole sync. */
export function rowInserter(db: Database): (rows: readonly MetricRow[]) => void {
  const many = db.prepare(insertSql(BATCH));
  const one = db.prepare(insertSql(1));
  return (rows) => {
    let i = 0;
    for (; i + BATCH <= rows.length; i += BATCH) {
      const values: (string | number | null)[] = [];
      for (const row of rows.slice(i, i + BATCH)) values.push(...insertValues(row));
      many.run(values);
    }
    for (const row of rows.slice(i)) one.run(insertValues(row));
  };
}

/**
 * A row's values. A number a double cannot hold (a RawNumber) goes in as the nearest double
 * and, beside it, the text the server sent. A field the server left out is NULL.
 */
function insertValues(r: MetricRow): (string | number | null)[] {
  const num = r.numValue ?? null;
  const exact = num instanceof RawNumber ? num.text : null;
  return [
    r.date,
    r.provider,
    r.metric,
    num instanceof RawNumber ? Number(num.text) : num,
    r.textValue ?? null,
    r.unit ?? null,
    r.stream ? 1 : 0,
    exact,
  ];
}
