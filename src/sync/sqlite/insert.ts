// How rows go into `metrics`: many rows per statement. Each call into libsql costs about as
// much as SQLite's own work for a row (a native call, a lock, a bound value each), so 64 rows
// per INSERT … VALUES (…), (…) take about half the CPU of one row per INSERT (1M rows, measured).
// The rows of one statement are inserted in the order listed, so rowids keep the API's order.
import { RawNumber } from '../../api/exact-numbers.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Database } from './load.ts';

const BATCH = 64;
/** Values per row: the eight columns below. */
const WIDTH = 8;
type Value = string | number | null;
const COLUMNS = '(date, provider, metric, numValue, textValue, unit, stream, numValueText)';
const insertSql = (rows: number): string =>
  `INSERT INTO metrics ${COLUMNS} VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;

/** A function that inserts rows, with statements prepared once for the whole sync. */
export function rowInserter(db: Database): (rows: readonly MetricRow[]) => void {
  const many = db.prepare(insertSql(BATCH));
  const one = db.prepare(insertSql(1));
  // One array of bound values for every statement: no arrays per row or per batch to collect.
  const values: Value[] = new Array<Value>(BATCH * WIDTH).fill(null);
  const single: Value[] = new Array<Value>(WIDTH).fill(null);
  return (rows) => {
    let i = 0;
    for (; i + BATCH <= rows.length; i += BATCH) {
      for (let j = 0; j < BATCH; j++) setValues(values, j * WIDTH, rows[i + j] as MetricRow);
      many.run(values);
    }
    for (; i < rows.length; i++) {
      setValues(single, 0, rows[i] as MetricRow);
      one.run(single);
    }
  };
}

/**
 * A row's values, at `at`. A number a double cannot hold (a RawNumber) goes in as the nearest
 * double and, beside it, the text the server sent. A field the server left out is NULL.
 */
function setValues(into: Value[], at: number, r: MetricRow): void {
  const num = r.numValue ?? null;
  const raw = num instanceof RawNumber;
  into[at] = r.date;
  into[at + 1] = r.provider;
  into[at + 2] = r.metric;
  into[at + 3] = raw ? Number(num.text) : num;
  into[at + 4] = r.textValue ?? null;
  into[at + 5] = r.unit ?? null;
  into[at + 6] = r.stream ? 1 : 0;
  into[at + 7] = raw ? num.text : null;
}
