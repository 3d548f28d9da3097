// `healthdata sync` into targets of ≥ 1,000,000 rows: the first sync, the daily sync the next
// day (re-fetches 4 days and rewrites the file around them), and a re-run that changes nothing.
// Targets from the issue: peak RSS < 150 MB while syncing into a 1M-row target; an unchanged
// daily sync < 3 s.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { check, runTimed } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { startSandbox } from '../lib/sandbox.mjs';
import { fmtInt, fmtMiB, fmtS, max } from '../lib/stats.mjs';

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
  const next = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const tomorrow = await startSandbox({
    node: ctx.node,
    bin: ctx.bin,
    env: baseEnv,
    scale: sb.scale,
    latency: 0,
    compress: false,
    realistic: sb.realistic,
    today: next,
    log: ctx.log,
  });
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
