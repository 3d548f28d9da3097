// The table is the default on a terminal: it should cost no more than twice what csv does for
// the same rows. Both write to a file through stdout (`> file`), as the figure did.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { countLines } from '../lib/files.mjs';
import { check, run } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { fmtInt, fmtMiB, fmtRatio, fmtS, median } from '../lib/stats.mjs';

const ROWS = 9000;
const GOAL = 2;

export async function tableVsCsv(ctx, sb) {
  const env = ctx.hdEnv(sb);
  const client = (format) => async (r) => {
    const out = join(ctx.tmp, `table-${format}-${r}.txt`);
    const args = [ctx.bin, 'metrics', '-f', format, '-q', '--limit', String(ROWS)];
    const res = check(await run(ctx.node, args, { env, stdoutFile: out }), `-f ${format}`);
    const { lines, bytes } = await countLines(out);
    await rm(out, { force: true });
    return { ...res, lines, bytes };
  };
  ctx.log(`table: ${ROWS} rows, table vs csv, ${ctx.opts.runs} interleaved rounds`);
  const results = await interleave(
    ctx.opts.runs,
    [
      { name: 'csv', run: client('csv') },
      { name: 'table', run: client('table') },
    ],
    ctx.log,
  );
  const wall = (name) => median(results[name].map((x) => x.wallMs));
  const rows = ['csv', 'table'].map((name) => [
    `healthdata metrics -f ${name} --limit ${fmtInt(ROWS)} > file`,
    fmtS(wall(name)),
    fmtInt(results[name][0].lines),
    fmtMiB(results[name][0].bytes / 1024),
  ]);
  const ratio = wall('table') / wall('csv');
  ctx.report.section(
    `Table vs csv (${ctx.opts.runs} interleaved runs each)`,
    `${fmtInt(ROWS)} rows, written through stdout to a file.\n\n` +
      table(['command', 'median wall', 'lines', 'output'], rows) +
      `\n\ntable / csv: **${fmtRatio(ratio)}**`,
  );
  ctx.report.target('table / csv wall time', `≤ ${GOAL}×`, fmtRatio(ratio), ratio <= GOAL);
}
