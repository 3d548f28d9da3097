// `healthdata summary` against the csv export of the same rows (issue 22): summary reads every
// row as the export does, and keeps a few numbers per metric, provider and day instead of
// writing the rows, so it should cost about what the export costs. Both at ~100k rows and at
// all rows (≥ 1M) of one sandbox, interleaved, for the wall-time ratio and for peak RSS,
// which must stay flat as the rows grow.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runCpuTimed } from '../lib/cpu-time.mjs';
import { countLines } from '../lib/files.mjs';
import { check, run } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { fmtDeltaMiB, fmtInt, fmtMiB, fmtRatio, fmtS, max, median } from '../lib/stats.mjs';

const SMALL = 100_000;
const RATIO_GOAL = 1.2;
const PEAK_GOAL_MIB = 150;
/** "Flat", as the memory section counts it: the same peak within this, 100k to all rows. */
const GROWTH_GOAL_MIB = 10;

/**
 * `sameDays`: a sandbox with about a third of the rows over the same days (a lower scale: fewer
 * samples a day), for the growth with rows alone. From ~100k rows (`--from`, a few months) to
 * all rows, the days grow too (136 to 1,461), and summary keeps a value per metric and day.
 */
export async function summary(ctx, sb, sameDays, { today }) {
  const { tmp, node } = ctx;
  const env = ctx.hdEnv(sb);
  // The date the newest 100k rows reach back to: `--from` it gives both commands the same
  // ~100k rows (whole days, so a few more).
  const probe = join(tmp, 'summary-probe.ndjson');
  const probeArgs = [ctx.bin, 'metrics', '-f', 'ndjson', '-q', '--limit', String(SMALL)];
  check(await run(node, probeArgs, { env, stdoutFile: probe }), 'metrics --limit (probe)');
  const lines = (await readFile(probe, 'utf8')).trimEnd().split('\n');
  await rm(probe, { force: true });
  const from = JSON.parse(lines.at(-1) ?? '{}').date;
  if (typeof from !== 'string') throw new Error('could not find the date of the 100k-th row');

  const client =
    (command, extra, on = env) =>
    async (r) => {
      const out = join(tmp, `summary-${command}-${r}.csv`);
      const args = [ctx.bin, command, '-f', 'csv', '-q', '-o', out, ...extra];
      const res = check(await runCpuTimed(tmp, node, args, { env: on }), `healthdata ${command}`);
      const { lines: n } = await countLines(out);
      await rm(out, { force: true });
      return { ...res, lines: n };
    };
  const clients = [
    { name: 'csv small', run: client('metrics', ['--from', from]) },
    { name: 'summary small', run: client('summary', ['--from', from]) },
    { name: 'csv all', run: client('metrics', []) },
    { name: 'summary all', run: client('summary', []) },
    ...(sameDays
      ? [
          { name: 'csv same days', run: client('metrics', [], ctx.hdEnv(sameDays)) },
          { name: 'summary same days', run: client('summary', [], ctx.hdEnv(sameDays)) },
        ]
      : []),
  ];
  const rounds = ctx.opts.runs;
  ctx.log(`summary: --from ${from} and all ${sb.rows} rows, ${rounds} interleaved rounds`);
  const results = await interleave(rounds, clients, ctx.log);
  const med = (name, key) => median(results[name].map((x) => x[key]));
  const smallRows = (results['csv small'][0]?.lines ?? NaN) - 1;
  const label = {
    'csv small': `healthdata metrics -f csv -o file --from ${from} (${fmtInt(smallRows)} rows)`,
    'summary small': `healthdata summary -f csv -o file --from ${from}`,
    'csv all': `healthdata metrics -f csv -o file (all ${fmtInt(sb.rows)} rows)`,
    'summary all': 'healthdata summary -f csv -o file (all rows)',
    'csv same days': `healthdata metrics -f csv -o file (all ${fmtInt(sameDays?.rows ?? NaN)} rows of a sandbox at scale ${sameDays?.scale}: the same days)`,
    'summary same days': 'healthdata summary -f csv -o file (the same days, fewer rows)',
  };
  const rows = clients.map(({ name }) => [
    label[name],
    fmtS(med(name, 'wallMs')),
    fmtS(med(name, 'cpuMs')),
    fmtMiB(med(name, 'rssKiB')),
    fmtMiB(max(results[name].map((x) => x.rssKiB))),
    fmtInt(results[name][0]?.lines ?? NaN),
  ]);
  const ratio = (size, key) => med(`summary ${size}`, key) / med(`csv ${size}`, key);
  const ratios = [
    ['summary / csv, wall, all rows', fmtRatio(ratio('all', 'wallMs'))],
    ['summary / csv, CPU, all rows', fmtRatio(ratio('all', 'cpuMs'))],
    ['summary / csv, wall, ~100k rows', fmtRatio(ratio('small', 'wallMs'))],
    ['summary / csv, CPU, ~100k rows', fmtRatio(ratio('small', 'cpuMs'))],
  ];
  const growth = (med('summary all', 'rssKiB') - med('summary small', 'rssKiB')) / 1024;
  const rowsGrowth = sameDays
    ? (med('summary all', 'rssKiB') - med('summary same days', 'rssKiB')) / 1024
    : NaN;
  const peak = max([...results['summary small'], ...results['summary all']].map((x) => x.rssKiB));
  ctx.report.section(
    `Summary vs csv export (${rounds} interleaved runs each)`,
    `Sandbox scale ${sb.scale}, ${fmtInt(sb.rows)} rows. CPU is user + system time of the ` +
      'healthdata process (GNU time), peak RSS its %M; wall time includes start-up and, for -o, ' +
      'the fsync and rename.\n\n' +
      table(
        ['command', 'median wall', 'median CPU', 'median peak RSS', 'max peak RSS', 'lines'],
        rows,
      ) +
      `\n\n${table(['ratio (medians)', 'measured'], ratios)}\n\n` +
      `summary peak RSS from ~100k to all rows: ${fmtDeltaMiB(growth)} (medians; the days ` +
      `grow with the rows there).` +
      (sameDays
        ? ` Over the same days, from ${fmtInt(sameDays.rows)} to ${fmtInt(sb.rows)} rows: ` +
          `${fmtDeltaMiB(rowsGrowth)} (medians).`
        : ''),
  );
  const r = ratio('all', 'wallMs');
  ctx.report.target(
    `summary / csv export, ${Math.round(sb.rows / 1000)}k rows (wall)`,
    `≤ ${RATIO_GOAL}×`,
    fmtRatio(r),
    Number.isFinite(r) ? r <= RATIO_GOAL : null,
  );
  ctx.report.target(
    'summary peak RSS (worst run, both sizes)',
    `≤ ${PEAK_GOAL_MIB} MiB`,
    fmtMiB(peak),
    peak / 1024 <= PEAK_GOAL_MIB,
  );
  ctx.report.target(
    `summary peak RSS growth ${SMALL / 1000}k → ${Math.round(sb.rows / 1000)}k rows (days ×${daysRatio(from, today)})`,
    `≤ ${GROWTH_GOAL_MIB} MiB`,
    fmtDeltaMiB(growth),
    growth <= GROWTH_GOAL_MIB,
  );
  if (sameDays) {
    ctx.report.target(
      `summary peak RSS growth ${Math.round(sameDays.rows / 1000)}k → ${Math.round(sb.rows / 1000)}k rows, same days`,
      `≤ ${GROWTH_GOAL_MIB} MiB`,
      fmtDeltaMiB(rowsGrowth),
      rowsGrowth <= GROWTH_GOAL_MIB,
    );
  }
}

/** How many times more days all rows span than the ~100k rows from `from` to `today`. */
function daysRatio(from, today) {
  const day = (d) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  // The bench sandboxes are on the unlimited plan: four years of days, up to today.
  const [y, m, d] = today.split('-').map(Number);
  const first = Date.UTC(y - 4, m - 1, d + 1) / 86_400_000;
  return ((day(today) - first + 1) / (day(today) - day(from) + 1)).toFixed(1);
}
