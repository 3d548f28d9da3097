import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { check, readRss, run, runTimed } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { fmtDeltaMiB, fmtInt, fmtMiB, fmtS, max, median } from '../lib/stats.mjs';

const SMALL = 100_000;
const MIB = 2 ** 20;
// Well below healthdata's csv rate (several MiB/s), so the pipe fills and stays full: a
// producer that ignores backpressure would buffer most of the output in memory.
const SLOW_RATE = MIB;
const PEAK_GOAL_MIB = 150;
const GROWTH_GOAL_MIB = 10;

export async function memory(ctx, sb) {
  const { tmp, node } = ctx;
  const env = ctx.hdEnv(sb);
  const csv = (name, extra) => async (r) => {
    const out = join(tmp, `mem-${name}-${r}.csv`);
    const args = [ctx.bin, 'metrics', '-f', 'csv', '-q', '-o', out, ...extra];
    const res = check(await runTimed(tmp, node, args, { env }), `healthdata csv ${name}`);
    await rm(out, { force: true });
    return res;
  };
  const rounds = ctx.opts.runs;
  ctx.log(`memory: csv ${SMALL} rows vs all ${sb.rows}, ${rounds} rounds`);
  const results = await interleave(
    rounds,
    [
      { name: 'small', run: csv('small', ['--limit', String(SMALL)]) },
      { name: 'all', run: csv('all', []) },
    ],
    ctx.log,
  );
  // RSS moves by ~10 MiB between identical runs (when V8 happens to collect), so the growth
  // compares medians; the peak target uses the worst run.
  const small = median(results.small.map((x) => x.rssKiB));
  const all = median(results.all.map((x) => x.rssKiB));
  const allMax = max(results.all.map((x) => x.rssKiB));
  const range = (rs) =>
    `${fmtMiB(Math.min(...rs.map((x) => x.rssKiB)))} – ${fmtMiB(max(rs.map((x) => x.rssKiB)))}`;
  const slow = await slowReader(ctx, sb);

  const growth = (all - small) / 1024;
  const slowGrowth = (slow.rssKiB - small) / 1024;
  const rows = [
    [`healthdata -f csv -o file --limit ${fmtInt(SMALL)}`, fmtMiB(small), range(results.small), ''],
    [
      `healthdata -f csv -o file, all ${fmtInt(sb.rows)} rows`,
      fmtMiB(all),
      range(results.all),
      fmtDeltaMiB(growth),
    ],
    [
      `healthdata -f csv --limit ${fmtInt(SMALL)} | slow-reader (${SLOW_RATE / MIB} MiB/s)`,
      fmtMiB(slow.rssKiB),
      '1 run',
      `${fmtDeltaMiB(slowGrowth)}; reader got ${fmtMiB(slow.bytes / 1024)} in ${fmtS(slow.wallMs)}`,
    ],
  ];
  const scope =
    sb.rows >= 1_000_000 ? '' : ' (default scope: pass --memory or --rows 1000000 for 100k vs ≥1M)';
  ctx.report.section(
    'Memory (peak RSS of the healthdata process)',
    `${fmtInt(SMALL)} vs ${fmtInt(sb.rows)} rows${scope}, ${rounds} interleaved runs each. ` +
      `The last column compares with the first row.\n\n` +
      table(['command', 'median peak RSS', 'range', 'vs first row'], rows),
  );
  const label = `${SMALL / 1000}k → ${Math.round(sb.rows / 1000)}k rows`;
  ctx.report.target(
    `memory growth ${label}`,
    `≤ ${GROWTH_GOAL_MIB} MiB`,
    fmtDeltaMiB(growth),
    growth <= GROWTH_GOAL_MIB,
  );
  ctx.report.target(
    'memory peak (all rows, worst run)',
    `≤ ${PEAK_GOAL_MIB} MiB`,
    fmtMiB(allMax),
    allMax / 1024 <= PEAK_GOAL_MIB,
  );
  ctx.report.target(
    'memory peak behind a slow reader',
    `≤ ${PEAK_GOAL_MIB} MiB`,
    fmtMiB(slow.rssKiB),
    slow.rssKiB / 1024 <= PEAK_GOAL_MIB,
  );
  ctx.report.target(
    'memory growth behind a slow reader',
    `≤ ${GROWTH_GOAL_MIB} MiB`,
    fmtDeltaMiB(slowGrowth),
    slowGrowth <= GROWTH_GOAL_MIB,
  );
}

/** Only healthdata is under GNU time, so the reader's own memory is not counted. */
async function slowReader(ctx, sb) {
  const rssFile = join(ctx.tmp, 'rss-slow.txt');
  const script =
    'set -o pipefail; /usr/bin/time -o "$1" -f %M "$2" "$3" metrics -f csv -q --limit "$4" ' +
    '| "$2" "$5" --rate "$6"';
  const args = ['-c', script, 'slow', rssFile, ctx.node, ctx.bin, String(SMALL)];
  args.push(ctx.paths.slowReader, String(SLOW_RATE));
  ctx.log(`memory: slow reader at ${SLOW_RATE / MIB} MiB/s…`);
  const res = check(await run('bash', args, { env: ctx.hdEnv(sb), captureStdout: true }), 'slow');
  const { bytes } = JSON.parse(res.stdout);
  const rssKiB = await readRss(rssFile);
  ctx.log(`  slow reader: ${fmtS(res.wallMs)}, ${fmtMiB(rssKiB)}`);
  return { wallMs: res.wallMs, bytes, rssKiB };
}
