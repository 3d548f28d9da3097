// @ts-check
// Runs one SQL query with DuckDB's Node API (a dev dependency, installed by `npm ci`) and prints
// the rows as a table: for trying docs/dataset.md from a clone without the duckdb CLI.
//
//   node scripts/duckdb.mjs "SELECT count(*) FROM read_parquet('study/**/*.parquet')"
import { DuckDBInstance } from '@duckdb/node-api';

const sql = process.argv[2];
if (sql === undefined || process.argv.length > 3) {
  process.stderr.write('usage: node scripts/duckdb.mjs "<one SQL query, quoted>"\n');
  process.exit(2);
}
const db = await DuckDBInstance.create(':memory:');
const conn = await db.connect();
try {
  const reader = await conn.runAndReadAll(sql);
  const rows = reader.getRowObjectsJS();
  // BigInt counts print as plain numbers; dates as YYYY-MM-DD.
  const plain = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10) : v,
      ]),
    ),
  );
  console.table(plain);
} catch (error) {
  process.stderr.write(`duckdb: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  conn.closeSync();
  db.closeSync();
}
