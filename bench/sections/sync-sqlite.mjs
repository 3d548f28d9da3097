// SQLite sync against its floor (issue 22), in interleaved rounds, medians:
// - a first `sync h.db` of all rows, next to the reference pipeline that gets the same rows
//   into SQLite without healthdata's sync: `metrics -f csv -o rows.csv`, then the sqlite3
//   shell's `.import --csv --skip 1` into a table with the same columns (sqlite3 wraps the
//   import in one transaction). The reference builds no index and no view; the sync does both.
// - a first sync of the newest ~100k rows (`--from`), for peak RSS flat from 100k to 1M rows;
// - a re-run of the sync into the 1M-row database that changes nothing (the daily cron run
//   on a day without new data: only the overlap window is fetched).
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check, run, runTimed } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { fmtMiB, fmtRatio, fmtS, max, median } from '../lib/stats.mjs';

const RATIO_GOAL = 1.5;
const UNCHANGED_GOAL_MS = 1000;
const PEAK_GOAL_MB = 150;
const SQLITE3 = '/usr/bin/sqlite3';
// ~145 of the sandbox's 1464 days: about 100,000 of its 1,028,199 rows at scale 26.
const SMALL_FROM = '2026-06-30';

// The columns of `metrics` that a CSV export has (numValueText has no CSV column).
const REFERENCE_SQL = (csv) => `CREATE TABLE metrics (
  date TEXT NOT NULL, provider TEXT NOT NULL, metric TEXT NOT NULL, numValue REAL,
  textValue TEXT, unit TEXT, stream INTEGER NOT NULL);
.import --csv --skip 1 ${csv} metrics
`;

export async function syncSqlite(ctx, sb) {
  const rounds = ctx.opts.syncRuns;
  const env = ctx.hdEnv(sb);
  const db = join(ctx.tmp, 'first.db');
  const small = join(ctx.tmp, 'small.db');
  const csv = join(ctx.tmp, 'rows.csv');
  const ref = join(ctx.tmp, 'reference.db');
  const script = join(ctx.tmp, 'import.sql');
  await writeFile(script, REFERENCE_SQL(csv));
  const removeDb = (file) =>
    Promise.all(['', '-wal', '-shm', '-journal'].map((s) => rm(`${file}${s}`, { force: true })));
  const hd = async (args, what) =>
    check(await runTimed(ctx.tmp, ctx.node, [ctx.bin, ...args], { env }), what);
  /** @type {Record<'first' | 'reference' | 'csv' | 'importMs' | 'small' | 'unchanged', { wallMs: number, rssKiB: number }[]>} */
  const m = { first: [], reference: [], csv: [], importMs: [], small: [], unchanged: [] };
  for (let i = 0; i < rounds; i++) {
    ctx.log(`sync-sqlite: round ${i + 1}/${rounds}…`);
    await removeDb(db);
    m.first.push(await hd(['sync', '-q', db], 'healthdata sync (first)'));
    m.unchanged.push(await hd(['sync', '-q', db], 'healthdata sync (nothing changed)'));
    await Promise.all([rm(csv, { force: true }), removeDb(ref)]);
    const exp = await hd(['metrics', '-f', 'csv', '-o', csv], 'healthdata metrics -f csv -o');
    const imp = check(
      await runTimed(ctx.tmp, '/bin/sh', ['-c', `${SQLITE3} ${ref} < ${script}`]),
      'sqlite3 .import',
    );
    m.csv.push(exp);
    m.importMs.push(imp);
    m.reference.push({ wallMs: exp.wallMs + imp.wallMs, rssKiB: Math.max(exp.rssKiB, imp.rssKiB) });
    await removeDb(small);
    m.small.push(await hd(['sync', '-q', '--from', SMALL_FROM, small], 'healthdata sync --from'));
  }
  await check(await run(SQLITE3, [ref, 'SELECT count(*) FROM metrics']), 'sqlite3 count');
  const wall = (xs) => median(xs.map((x) => x.wallMs));
  const rss = (xs) => max(xs.map((x) => x.rssKiB));
  const ratio = wall(m.first) / wall(m.reference);
  const row = (label, xs) => [
    label,
    fmtS(wall(xs)),
    fmtS(Math.min(...xs.map((x) => x.wallMs))),
    fmtMiB(rss(xs)),
  ];
  ctx.report.section(
    `SQLite sync against its floor (${rounds} interleaved rounds)`,
    `${sb.rows.toLocaleString('en-US')} rows. Reference: \`metrics -f csv -o rows.csv\`, then ` +
      '`sqlite3 ref.db` with `.import --csv --skip 1` into a table of the same columns ' +
      '(no index, no view); its wall time is the sum of the two, its RSS the larger. ' +
      `"~100k rows" is \`sync --from ${SMALL_FROM}\` into a new database.\n\n` +
      table(
        ['command', 'median', 'fastest', 'peak RSS (worst)'],
        [
          row('healthdata sync h.db (first, all rows)', m.first),
          row('reference: metrics -f csv -o + sqlite3 .import', m.reference),
          row('  of which metrics -f csv -o', m.csv),
          row('  of which sqlite3 .import', m.importMs),
          row('healthdata sync (first, ~100k rows)', m.small),
          row('healthdata sync h.db, 1M rows, nothing changed', m.unchanged),
        ],
      ),
  );
  ctx.report.target(
    'first SQLite sync of 1M rows / csv export + sqlite3 .import',
    `≤ ${RATIO_GOAL}×`,
    fmtRatio(ratio),
    ratio <= RATIO_GOAL,
  );
  ctx.report.target(
    'SQLite sync that changes nothing, 1M-row database (median)',
    `≤ ${UNCHANGED_GOAL_MS / 1000} s`,
    fmtS(wall(m.unchanged)),
    wall(m.unchanged) <= UNCHANGED_GOAL_MS,
  );
  const peak = Math.max(rss(m.first), rss(m.unchanged));
  ctx.report.target(
    'SQLite sync peak RSS, 100k → 1M rows',
    `≤ ${PEAK_GOAL_MB} MB, flat`,
    `${fmtMiB(rss(m.small))} → ${fmtMiB(peak)}`,
    (peak * 1024) / 1e6 <= PEAK_GOAL_MB,
  );
}
