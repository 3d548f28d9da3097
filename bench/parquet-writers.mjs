// Which Parquet writer the dataset target uses (issue 25): each candidate writes the same
// ~1M rows in the dataset's columns, and DuckDB reads every file back, checking the column
// types and the values. Not part of `npm run bench`: the candidates are not dependencies, so
// they are installed beside each other in a scratch folder first:
//
//   for c in "hw hyparquet-writer@0.17.0 hyparquet@1.31.5" "pw parquet-wasm@0.8.0 apache-arrow@21.2.0" \
//            "pj @dsnp/parquetjs@1.8.6" "dd @duckdb/node-api@1.5.6-r.1"; do
//     set -- $c; mkdir -p /tmp/pqc/$1; (cd /tmp/pqc/$1 && npm init -y >/dev/null && shift && npm i $@); done
//   node bench/parquet-writers.mjs /tmp/pqc [rows]
//
// Each writer runs in its own child process so that its peak RSS is its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const [, script = '', root = '/tmp/pqc', rowsArg = '1000000', only] = process.argv;
const ROWS = Number(rowsArg);

/** Our columns, deterministic: ~1M rows look like a year of many people's days. */
function makeRows(n) {
  const providers = ['PhoneHealth', 'RingCo', 'ScaleWorks', 'WatchFit'];
  const metrics = ['steps', 'steps_total', 'resting_heart_rate', 'weight', 'sleep_stage'];
  const units = ['count', 'count', 'bpm', 'kg', null];
  const cols = {
    date: new Int32Array(n),
    provider: new Array(n),
    metric: new Array(n),
    numValue: new Array(n),
    textValue: new Array(n),
    unit: new Array(n),
    stream: new Array(n),
    numValueText: new Array(n),
  };
  const day0 = Date.UTC(2025, 0, 1) / 86400000;
  for (let i = 0; i < n; i++) {
    const m = i % 5;
    cols.date[i] = day0 + Math.floor(i / 3000);
    cols.provider[i] = providers[i % 4];
    cols.metric[i] = metrics[m];
    const text = m === 4;
    cols.numValue[i] = text ? null : ((i * 7919) % 20000) + (m === 3 ? 0.25 : 0);
    cols.textValue[i] = text ? 'deep' : null;
    cols.unit[i] = units[m];
    cols.stream[i] = m === 0;
    cols.numValueText[i] = i === 7 ? '1e400' : null;
  }
  return cols;
}

const isoDay = (d) => new Date(d * 86400000).toISOString().slice(0, 10);

const writers = {
  async 'hyparquet-writer'(cols, file) {
    const req = createRequire(join(root, 'hw', 'package.json'));
    const { parquetWriteFile } = await import(pathToFileURL(req.resolve('hyparquet-writer')).href);
    const s = (name) => ({
      name,
      type: 'BYTE_ARRAY',
      converted_type: 'UTF8',
      repetition_type: 'OPTIONAL',
    });
    parquetWriteFile({
      filename: file,
      columnData: Object.entries(cols).map(([name, data]) => ({ name, data })),
      schema: [
        { name: 'root', num_children: 8 },
        { name: 'date', type: 'INT32', converted_type: 'DATE', repetition_type: 'REQUIRED' },
        { ...s('provider'), repetition_type: 'REQUIRED' },
        { ...s('metric'), repetition_type: 'REQUIRED' },
        { name: 'numValue', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
        s('textValue'),
        s('unit'),
        { name: 'stream', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
        s('numValueText'),
      ],
    });
  },
  async 'parquet-wasm'(cols, file) {
    const req = createRequire(join(root, 'pw', 'package.json'));
    const pw = await import(pathToFileURL(req.resolve('parquet-wasm')).href);
    const arrow = await import(pathToFileURL(req.resolve('apache-arrow')).href);
    const { writeFileSync } = await import('node:fs');
    const dates = Array.from(cols.date, (d) => new Date(d * 86400000));
    const table = new arrow.Table({
      date: arrow.vectorFromArray(dates, new arrow.DateDay()),
      provider: arrow.vectorFromArray(cols.provider, new arrow.Utf8()),
      metric: arrow.vectorFromArray(cols.metric, new arrow.Utf8()),
      numValue: arrow.vectorFromArray(cols.numValue, new arrow.Float64()),
      textValue: arrow.vectorFromArray(cols.textValue, new arrow.Utf8()),
      unit: arrow.vectorFromArray(cols.unit, new arrow.Utf8()),
      stream: arrow.vectorFromArray(cols.stream, new arrow.Bool()),
      numValueText: arrow.vectorFromArray(cols.numValueText, new arrow.Utf8()),
    });
    const wasmTable = pw.Table.fromIPCStream(arrow.tableToIPC(table, 'stream'));
    const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression.SNAPPY).build();
    writeFileSync(file, pw.writeParquet(wasmTable, props));
  },
  async '@dsnp/parquetjs'(cols, file) {
    const req = createRequire(join(root, 'pj', 'package.json'));
    const pq = req('@dsnp/parquetjs');
    const opt = (type) => ({ type, optional: true });
    const schema = new pq.ParquetSchema({
      date: { type: 'DATE' },
      provider: { type: 'UTF8' },
      metric: { type: 'UTF8' },
      numValue: opt('DOUBLE'),
      textValue: opt('UTF8'),
      unit: opt('UTF8'),
      stream: { type: 'BOOLEAN' },
      numValueText: opt('UTF8'),
    });
    const writer = await pq.ParquetWriter.openFile(schema, file, { useDataPageV2: false });
    for (let i = 0; i < ROWS; i++) {
      const row = {
        date: new Date(cols.date[i] * 86400000),
        provider: cols.provider[i],
        metric: cols.metric[i],
        stream: cols.stream[i],
      };
      for (const k of ['numValue', 'textValue', 'unit', 'numValueText'])
        if (cols[k][i] !== null) row[k] = cols[k][i];
      await writer.appendRow(row);
    }
    await writer.close();
  },
};

/** DuckDB reads the file back: types, and values equal to what was written. */
async function check(file, cols) {
  const req = createRequire(join(root, 'dd', 'package.json'));
  const { DuckDBInstance } = await import(pathToFileURL(req.resolve('@duckdb/node-api')).href);
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  const types = (
    await (await conn.run(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRowObjects()
  )
    .map((r) => `${r.column_name}:${r.column_type}`)
    .join(' ');
  const agg = (
    await (
      await conn.run(
        `SELECT count(*)::INT n, sum(numValue) s, min(date)::VARCHAR lo, max(date)::VARCHAR hi,
            count(*) FILTER (stream)::INT st, count(textValue)::INT tv, count(unit)::INT un,
            max(numValueText) nt FROM read_parquet('${file}')`,
      )
    ).getRowObjects()
  )[0];
  let s = 0,
    st = 0,
    tv = 0,
    un = 0;
  for (let i = 0; i < ROWS; i++) {
    s += cols.numValue[i] ?? 0;
    st += cols.stream[i] ? 1 : 0;
    tv += cols.textValue[i] !== null ? 1 : 0;
    un += cols.unit[i] !== null ? 1 : 0;
  }
  const want = {
    n: ROWS,
    s,
    lo: isoDay(cols.date[0]),
    hi: isoDay(cols.date[ROWS - 1]),
    st,
    tv,
    un,
    nt: '1e400',
  };
  const equal = Object.keys(want).every((k) =>
    k === 's' ? Math.abs(agg[k] - want[k]) < 1e-6 * want.s : agg[k] === want[k],
  );
  return { types, equal };
}

if (only !== undefined) {
  // The child: write once, print the time.
  const cols = makeRows(ROWS);
  const file = join(mkdtempSync(join(tmpdir(), 'pqw-')), 'out.parquet');
  const t = performance.now();
  await writers[only](cols, file);
  const ms = performance.now() - t;
  const { types, equal } = await check(file, cols);
  console.log(JSON.stringify({ ms, bytes: statSync(file).size, types, equal }));
  rmSync(file);
} else {
  console.log(`node ${process.version}, ${ROWS} rows`);
  /** @type {[string, string][]} */
  const candidates = [
    ['hyparquet-writer', 'hw'],
    ['parquet-wasm', 'pw'],
    ['@dsnp/parquetjs', 'pj'],
  ];
  for (const [name, dir] of candidates) {
    const size = execFileSync('du', ['-sh', join(root, dir, 'node_modules')], {
      encoding: 'utf8',
    }).split('\t')[0];
    const run = spawnSync(
      '/usr/bin/time',
      ['-f', '%M', process.execPath, script, root, String(ROWS), name],
      { encoding: 'utf8' },
    );
    const rssKb = Number(run.stderr.trim().split('\n').at(-1));
    let out;
    try {
      out = JSON.parse(run.stdout);
    } catch {
      out = { error: (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' | ') };
    }
    console.log(
      JSON.stringify({ name, installed: size, peakRssMiB: Math.round(rssKb / 1024), ...out }),
    );
  }
}
