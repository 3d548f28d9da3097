// `healthdata sync` into targets of ≥ 1,000,000 rows: the first sync, the daily sync the next
// day (re-fetches 4 days and rewrites the file around them), and a re-run that changes nothing.
// Targets from the issue: peak RSS < 150 MB while syncing into a 1M-row target; an unchanged
// daily sync < 3 s.
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { check, runTimed } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { startNextDaySandbox } from '../lib/sandbox.mjs';
import { fmtInt, fmtMiB, fmtRatio, fmtS, max, median } from '../lib/stats.mjs';

const PEAK_GOAL_MB = 150;
const UNCHANGED_GOAL_MS = 3000;
/** @type {[format: string, file: string][]} */
const FORMATS = [
  ['csv', 'health.csv'],
  ['ndjson', 'health.ndjson'],
  ['sqlite', 'health.db'],
];

/** `today` is the main sandbox's; the next day's sandbox is started here, at the same scale. */
export async function sync(ctx, sb, { today, baseEnv }) {
  const tomorrow = await startNextDaySandbox(ctx, sb, today, baseEnv);
  if (ctx.opts.compareBin) {
    try {
      await compareBuilds(ctx, sb, tomorrow);
    } finally {
      await tomorrow.stop();
    }
    return;
  }
  const rows = [];
  let worstPeakKiB = 0;
  let worstUnchangedMs = 0;
  try {
    for (const [format, name] of FORMATS) {
      const target = join(ctx.tmp, name);
      const step = async (label, sandbox) => {
        ctx.log(`sync: ${format} ${label}…`);
        const args = [ctx.bin, 'sync', target];
        const res = check(
          await runTimed(ctx.tmp, ctx.node, args, { env: ctx.hdEnv(sandbox) }),
          `healthdata sync ${name} (${label})`,
        );
        const size = (await stat(target)).size;
        ctx.log(`  ${fmtS(res.wallMs)}, ${fmtMiB(res.rssKiB)}, ${fmtMiB(size / 1024)} file`);
        return { ...res, size };
      };
      const first = await step('first sync', sb);
      const daily = await step('next day', tomorrow);
      const unchanged = await step('re-run, nothing changed', tomorrow);
      worstPeakKiB = max([worstPeakKiB, first.rssKiB, daily.rssKiB, unchanged.rssKiB]);
      worstUnchangedMs = max([worstUnchangedMs, unchanged.wallMs]);
      rows.push([
        format,
        `${fmtS(first.wallMs)} · ${fmtMiB(first.rssKiB)}`,
        `${fmtS(daily.wallMs)} · ${fmtMiB(daily.rssKiB)}`,
        `${fmtS(unchanged.wallMs)} · ${fmtMiB(unchanged.rssKiB)}`,
        fmtMiB(daily.size / 1024),
      ]);
    }
  } finally {
    await tomorrow.stop();
  }
  ctx.report.section(
    'Sync (healthdata sync into a target of all rows)',
    `${fmtInt(sb.rows)} rows (scale ${sb.scale}); the next day's sandbox is the same data one day on. ` +
      'Each cell: wall time · peak RSS of the healthdata process, one run each.\n\n' +
      table(
        [
          'format',
          'first sync (empty target)',
          'next day (4 days re-fetched)',
          're-run (nothing changed)',
          'target size',
        ],
        rows,
      ),
  );
  ctx.report.target(
    'sync peak RSS, ≥1M-row target (any run, worst format)',
    `< ${PEAK_GOAL_MB} MB`,
    `${fmtMiB(worstPeakKiB)} (${((worstPeakKiB * 1024) / 1e6).toFixed(0)} MB)`,
    (worstPeakKiB * 1024) / 1e6 < PEAK_GOAL_MB,
  );
  ctx.report.target(
    'sync that changes nothing (worst format)',
    `< ${UNCHANGED_GOAL_MS / 1000} s`,
    fmtS(worstUnchangedMs),
    worstUnchangedMs < UNCHANGED_GOAL_MS,
  );
}

/**
 * With --compare-bin: this build and the compared one side by side, in --sync-runs interleaved
 * rounds (this, compared, this, …), each into its own targets: medians of each step and their
 * ratio (this build / compared).
 */
async function compareBuilds(ctx, sb, tomorrow) {
  const builds = [
    ['this', ctx.bin],
    ['compared', ctx.opts.compareBin],
  ];
  const steps = [
    ['first sync', sb],
    ['next day', tomorrow],
    ['re-run', tomorrow],
  ];
  const rows = [];
  // Parquet too: a dataset folder of one person (its merge is the same day plan's).
  for (const [format, name] of [...FORMATS, ['parquet', 'health-parquet']]) {
    const extra = format === 'parquet' ? ['--format', 'parquet'] : [];
    /** @type {{ wallMs: number, rssKiB: number }[][][]} times[step][build] */
    const times = steps.map(() => builds.map(() => []));
    for (let round = 0; round < ctx.opts.syncRuns; round++) {
      for (const [b, [label, bin]] of builds.entries()) {
        const target = join(ctx.tmp, `${label}-${name}`);
        await Promise.all(
          ['', '-wal', '-shm'].map((x) => rm(`${target}${x}`, { force: true, recursive: true })),
        );
        for (const [i, [step, sandbox]] of steps.entries()) {
          ctx.log(`sync: ${format} ${step}, ${label} build, round ${round + 1}…`);
          const res = check(
            await runTimed(ctx.tmp, ctx.node, [bin, 'sync', '-q', target, ...extra], {
              env: ctx.hdEnv(sandbox),
            }),
            `healthdata sync ${name} (${step}, ${label})`,
          );
          times[i]?.[b]?.push(res);
        }
      }
    }
    for (const [i, [step]] of steps.entries()) {
      const all = times[i] ?? [];
      const [mine, theirs] = all.map((xs) => median(xs.map((x) => x.wallMs)));
      const rss = all.map((xs) => max(xs.map((x) => x.rssKiB)));
      rows.push([
        format,
        step,
        fmtS(mine),
        fmtS(theirs),
        fmtRatio(mine / theirs),
        `${fmtMiB(rss[0])} / ${fmtMiB(rss[1])}`,
      ]);
    }
  }
  ctx.report.section(
    `Sync, this build against ${ctx.opts.compareBin} (${ctx.opts.syncRuns} interleaved rounds)`,
    `${fmtInt(sb.rows)} rows (scale ${sb.scale}). Median wall time of each step; ratio = this / compared; ` +
      'peak RSS the worst of the rounds.\n\n' +
      table(['format', 'step', 'this', 'compared', 'ratio', 'peak RSS this / compared'], rows),
  );
}
