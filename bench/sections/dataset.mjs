// A study into a Parquet dataset (issue 25): `--people` people (default 1,000) from
// `healthdata sandbox --users N` (pro plan: one year each) synced with
// `healthdata sync DIR --format parquet --all-profiles`, then the nightly re-run that changes
// nothing, then DuckDB's daily mean steps per person per month as a sanity figure. Peak RSS
// is measured at 100 people and at `--people`: it must stay flat (goal <= 150 MB).
// Optional: `npm run bench -- --only dataset [--people N]`.
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { check, run, runTimed, start } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { fmtInt, fmtMiB, fmtS } from '../lib/stats.mjs';

const PEAK_GOAL_MB = 150;

/** A sandbox of `people` users; resolves with its URL once it listens. */
async function usersSandbox(ctx, people, today) {
  const args = [ctx.bin, 'sandbox', '--port', '0', '--users', String(people), '--today', today];
  const proc = start(ctx.node, args, {
    env: ctx.baseEnv,
    captureStdout: true,
    stopSignal: 'SIGINT',
  });
  for (let waited = 0; waited < 60_000; waited += 100) {
    const url = /HEALTHDATA_BASE_URL=(\S+)/.exec(proc.output().stdout)?.[1];
    if (url) return { url, stop: async () => (proc.child.kill('SIGINT'), await proc.done) };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.child.kill('SIGKILL');
  throw new Error('the users sandbox did not start');
}

/** One study of `people`: first sync, nightly no-change run, and the DuckDB figure. */
async function study(ctx, people, today) {
  const dir = join(ctx.tmp, `study-${people}`);
  const config = join(ctx.tmp, `config-${people}`);
  await mkdir(config, { recursive: true });
  const sb = await usersSandbox(ctx, people, today);
  try {
    const keys = check(
      await run(ctx.node, [ctx.bin, 'sandbox', '--users', String(people), '--print-keys'], {
        env: ctx.baseEnv,
        captureStdout: true,
      }),
      'sandbox --print-keys',
    ).stdout;
    const profiles = Object.fromEntries(
      keys
        .trim()
        .split('\n')
        .map((line) => line.split('\t'))
        .map(([name, key]) => [name, { 'api-key': key, 'base-url': sb.url }]),
    );
    await writeFile(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    const env = { ...ctx.baseEnv, HEALTHDATA_CONFIG_DIR: config };
    const args = [ctx.bin, 'sync', '-q', dir, '--format', 'parquet', '--all-profiles'];
    ctx.log(`dataset: ${people} people, first sync…`);
    const first = check(await runTimed(ctx.tmp, ctx.node, args, { env }), 'first dataset sync');
    ctx.log(`  ${fmtS(first.wallMs)}, ${fmtMiB(first.rssKiB)}`);
    ctx.log(`dataset: ${people} people, nightly re-run (nothing changed)…`);
    const nightly = check(await runTimed(ctx.tmp, ctx.node, args, { env }), 'nightly re-run');
    ctx.log(`  ${fmtS(nightly.wallMs)}, ${fmtMiB(nightly.rssKiB)}`);
    const query = await duckdb(dir);
    return { people, first, nightly, ...query };
  } finally {
    await sb.stop();
  }
}

/** Rows, the metrics requests they took (pages of 1,000 per person), and the sanity query. */
async function duckdb(dir) {
  const req = createRequire(import.meta.url);
  const { DuckDBInstance } = await import(pathToFileURL(req.resolve('@duckdb/node-api')).href);
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const from = `read_parquet('${dir}/**/*.parquet', hive_partitioning = true)`;
  const counts = (
    await conn.runAndReadAll(`SELECT count(*)::INT n FROM ${from} GROUP BY profile`)
  ).getRowObjectsJS();
  const t0 = performance.now();
  const monthly = (
    await conn.runAndReadAll(
      `SELECT profile, date_trunc('month', date) AS month, avg(numValue) AS steps
       FROM ${from} WHERE metric = 'steps_total' GROUP BY ALL`,
    )
  ).getRowObjectsJS();
  const queryMs = performance.now() - t0;
  const mean = monthly.reduce((s, r) => s + Number(r.steps), 0) / monthly.length;
  conn.closeSync();
  db.closeSync();
  const rows = counts.reduce((s, r) => s + Number(r.n), 0);
  const requests = counts.reduce((s, r) => s + Math.ceil(Number(r.n) / 1000), 0);
  return { rows, requests, queryMs, groups: monthly.length, mean };
}

export async function dataset(ctx, { today }) {
  const sizes = [...new Set([Math.min(100, ctx.opts.people), ctx.opts.people])];
  const results = [];
  for (const people of sizes) results.push(await study(ctx, people, today));
  ctx.report.section(
    'Dataset (sync DIR --format parquet)',
    table(
      [
        'people',
        'rows',
        'requests',
        'first sync',
        'rows/s',
        'peak RSS',
        'nightly, no change',
        'DuckDB query',
      ],
      results.map((r) => [
        fmtInt(r.people),
        fmtInt(r.rows),
        fmtInt(r.requests),
        fmtS(r.first.wallMs),
        fmtInt(r.rows / (r.first.wallMs / 1000)),
        fmtMiB(r.first.rssKiB),
        `${fmtS(r.nightly.wallMs)} · ${fmtMiB(r.nightly.rssKiB)}`,
        `${fmtS(r.queryMs)}: ${fmtInt(r.groups)} person-months, mean ${fmtInt(r.mean)} steps/day`,
      ]),
    ),
  );
  const worst = Math.max(...results.flatMap((r) => [r.first.rssKiB, r.nightly.rssKiB]));
  ctx.report.target(
    'dataset peak RSS',
    `<= ${PEAK_GOAL_MB} MB`,
    fmtMiB(worst),
    (worst * 1024) / 1e6 <= PEAK_GOAL_MB,
  );
}
