// How rows go into `metrics`: many rows per statement, and each value bound as few times as
// it can be. Binding is most of the cost: libsql converts every bound value on its own, and a
// string costs several times a number (measured against the same INSERTs with the strings
// written into the SQL; `npm run bench -- --only sync-sqlite`). So:
// - rows of one date (a sync inserts a day at a time) bind it once;
// - a run of rows equal but for numValue (a stream of heart-rate samples: most of the rows of
//   a realistic day) binds its shared values once and then only the numbers;
// - other rows go 64 to a statement, and what is left at the end in statements of 32, 16, …, 1
//   rows, not one statement per row.
// Statements are prepared once per shape, when first needed. The rows of one statement are
// inserted in the order listed, and the runs and batches in the order of the rows, so rowids
// keep the API's order; the values stored are the same whatever the shape.
import { RawNumber } from '../../api/exact-numbers.ts';
import type { MetricRow } from '../../api/types.ts';
import type { Database } from './load.ts';

type Value = string | number | null;
type Statement = ReturnType<Database['prepare']>;

const BATCH = 64;
/** A run shorter than this is inserted with the rows around it. */
const RUN_MIN = 8;
/** Values per row in a batch, after the shared date. */
const WIDTH = 7;
/** Values a run shares: date, provider, metric, textValue, unit, stream. */
const SHARED = 6;
const COLUMNS = '(date, provider, metric, numValue, textValue, unit, stream, numValueText)';

/** n rows, ?1 their date, then provider … numValueText of each. */
const batchSql = (n: number): string =>
  `INSERT INTO metrics ${COLUMNS} VALUES ${Array.from({ length: n }, (_, i) => `(?1, ${params(2 + i * WIDTH, WIDTH)})`).join(', ')}`;

/** n rows sharing ?1 … ?6 (date, provider, metric, textValue, unit, stream), each its numValue. */
const runSql = (n: number): string =>
  `INSERT INTO metrics ${COLUMNS} VALUES ${Array.from({ length: n }, (_, i) => `(?1, ?2, ?3, ?${SHARED + 1 + i}, ?4, ?5, ?6, NULL)`).join(', ')}`;

const params = (from: number, count: number): string =>
  Array.from({ length: count }, (_, i) => `?${from + i}`).join(', ');

/** A function that inserts one day's rows, with statements prepared once for the whole sync. */
export function rowInserter(db: Database): (rows: readonly MetricRow[]) => void {
  const batches = new Map<number, { statement: Statement; values: Value[] }>();
  const runs = new Map<number, { statement: Statement; values: Value[] }>();
  // One array of bound values per statement: no arrays per row or per batch to collect.
  const shape = (cache: typeof batches, n: number, sql: (n: number) => string, size: number) => {
    let found = cache.get(n);
    if (found === undefined) {
      found = { statement: db.prepare(sql(n)), values: new Array<Value>(size).fill(null) };
      cache.set(n, found);
    }
    return found;
  };

  /** rows[from, to), all of `date`, in statements of 64 rows and then of halving sizes. */
  const insertBatches = (rows: readonly MetricRow[], from: number, to: number): void => {
    for (let size = BATCH; from < to && size >= 1; size >>= 1) {
      if (to - from < size) continue;
      const { statement, values } = shape(batches, size, batchSql, 1 + size * WIDTH);
      for (; from + size <= to; from += size) {
        values[0] = (rows[from] as MetricRow).date;
        for (let j = 0; j < size; j++)
          setValues(values, 1 + j * WIDTH, rows[from + j] as MetricRow);
        statement.run(values);
      }
    }
  };

  /** rows[from, to), equal but for numValue, which is a number or null in each. */
  const insertRun = (rows: readonly MetricRow[], from: number, to: number): void => {
    const first = rows[from] as MetricRow;
    for (let size = BATCH; from < to && size >= 1; size >>= 1) {
      if (to - from < size) continue;
      const { statement, values } = shape(runs, size, runSql, SHARED + size);
      values[0] = first.date;
      values[1] = first.provider;
      values[2] = first.metric;
      values[3] = first.textValue ?? null;
      values[4] = first.unit ?? null;
      values[5] = first.stream ? 1 : 0;
      for (; from + size <= to; from += size) {
        for (let j = 0; j < size; j++)
          values[SHARED + j] = plainNumber(rows[from + j] as MetricRow);
        statement.run(values);
      }
    }
  };

  /** rows[from, to), all of one date. */
  const insertDay = (rows: readonly MetricRow[], from: number, to: number): void => {
    // Rows not yet inserted start at `pending`; a run found at `start` sends them first.
    let pending = from;
    for (let start = from; start < to;) {
      const end = runEnd(rows, start, to);
      const whole = end - start - ((end - start) % RUN_MIN);
      if (whole > 0) {
        insertBatches(rows, pending, start);
        insertRun(rows, start, start + whole);
        pending = start + whole;
      }
      start = end;
    }
    insertBatches(rows, pending, to);
  };

  return (rows) => {
    for (let from = 0; from < rows.length;) {
      const date = (rows[from] as MetricRow).date;
      let to = from + 1;
      while (to < rows.length && (rows[to] as MetricRow).date === date) to++;
      insertDay(rows, from, to);
      from = to;
    }
  };
}

/**
 * Where the run that starts at `start` ends, at `to` at most: rows (of one date) of the same
 * provider, metric, textValue, unit and stream, each numValue a number or null. Just
 * `start + 1` if it is not one.
 */
function runEnd(rows: readonly MetricRow[], start: number, to: number): number {
  const a = rows[start] as MetricRow;
  if (a.numValue instanceof RawNumber) return start + 1;
  let end = start + 1;
  for (; end < to; end++) {
    const b = rows[end] as MetricRow;
    if (
      b.metric !== a.metric ||
      b.provider !== a.provider ||
      (b.textValue ?? null) !== (a.textValue ?? null) ||
      (b.unit ?? null) !== (a.unit ?? null) ||
      b.stream !== a.stream ||
      b.numValue instanceof RawNumber
    ) {
      break;
    }
  }
  return end;
}

const plainNumber = (r: MetricRow): number | null => (r.numValue as number | null) ?? null;

/**
 * A row's values but its date, at `at`. A number a double cannot hold (a RawNumber) goes in as
 * the nearest double and, beside it, the text the server sent. A field the server left out is
 * NULL.
 */
function setValues(into: Value[], at: number, r: MetricRow): void {
  const num = r.numValue ?? null;
  const raw = num instanceof RawNumber;
  into[at] = r.provider;
  into[at + 1] = r.metric;
  into[at + 2] = raw ? Number(num.text) : num;
  into[at + 3] = r.textValue ?? null;
  into[at + 4] = r.unit ?? null;
  into[at + 5] = r.stream ? 1 : 0;
  into[at + 6] = raw ? num.text : null;
}
