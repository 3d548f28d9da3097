import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../lib/files.mjs';
import { check, run } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { getJson } from '../lib/sandbox.mjs';
import { fmtMs, fmtRatio, fmtS, median } from '../lib/stats.mjs';

const PAGE_SIZE = 1000;

/**
 * Pages the sandbox serves for the whole dataset, counted by the reference client rather than
 * computed: ceil(rows / 1000) if the last page says next_cursor null, one more if the server
 * can only tell that there is nothing left by answering an empty page.
 */
async function countPages(ctx, sb) {
  const args = [ctx.paths.reference, sb.url, sb.key, String(PAGE_SIZE)];
  const res = check(await run(ctx.node, args, { captureStdout: true }), 'reference client');
  return { ...JSON.parse(res.stdout), wallMs: res.wallMs };
}

function ndjsonRun(ctx, sb, name, extra) {
  return async (r) => {
    const out = join(ctx.tmp, `lat-${name}-${r}.ndjson`);
    const args = [ctx.bin, 'metrics', '-f', 'ndjson', '-q', '-o', out, ...extra];
    const res = check(await run(ctx.node, args, { env: ctx.hdEnv(sb) }), `healthdata ${name}`);
    const hash = await sha256(out);
    await rm(out, { force: true });
    return { ...res, hash };
  };
}

export async function overlap(ctx, sb) {
  const rounds = Math.min(ctx.opts.runs, 3);
  ctx.log(`overlap: latency ${sb.latency} ms, reference vs healthdata, ${rounds} rounds`);
  const clients = [
    { name: 'reference', run: () => countPages(ctx, sb) },
    { name: 'healthdata', run: ndjsonRun(ctx, sb, 'overlap', []) },
  ];
  const results = await interleave(rounds, clients, ctx.log);
  const pages = results.reference[0].pages;
  const computed = Math.ceil(sb.rows / PAGE_SIZE);
  const refWall = median(results.reference.map((x) => x.wallMs));
  const wall = median(results.healthdata.map((x) => x.wallMs));
  const floor = pages * sb.latency;
  const excess = wall / floor - 1;
  const extra = pages - computed;
  const pagesNote =
    extra === 0
      ? `= ceil(${sb.rows} / ${PAGE_SIZE}): the last page carries next_cursor null, so no trailing empty page`
      : `= ceil(${sb.rows} / ${PAGE_SIZE}) + ${extra}: the server ends with an empty page`;
  const rows = [
    ['pages (counted by the reference client)', `${pages} ${pagesNote}`],
    [`floor: pages × ${sb.latency} ms`, fmtS(floor)],
    [`reference client (median of ${rounds})`, fmtS(refWall)],
    [`healthdata metrics -f ndjson (median of ${rounds})`, fmtS(wall)],
    ['reference over the floor', `+${((refWall / floor - 1) * 100).toFixed(1)} %`],
    ['healthdata over the floor', `+${(excess * 100).toFixed(1)} %`],
    ['healthdata over the reference, per page', fmtMs((wall - refWall) / pages)],
  ];
  ctx.report.section(
    `Overlap (latency ${sb.latency} ms)`,
    `${sb.rows} rows, page size ${PAGE_SIZE}. Sequential pages cannot beat the latency floor; ` +
      `the reference client shows what the sandbox and the transport add on top of it, and ` +
      `healthdata's excess over the reference is the work not hidden behind the next request.\n\n` +
      table(['', 'value'], rows),
  );
  ctx.report.target(
    'overlap: wall vs pages × latency',
    '≤ +10 %',
    `+${(excess * 100).toFixed(1)} %`,
    excess <= 0.1,
  );
}

export async function parallel(ctx, sb) {
  // --parallel partitions by date, which needs a start when the plan has no history floor;
  // the profile's member_since is the first day with data. Both sides get the same query.
  const profile = await getJson(sb, '/api/v1/profile');
  const from = profile.user?.member_since ?? profile.plan?.history_floor;
  if (!from) throw new Error('parallel: no member_since in /api/v1/profile');
  // Three is enough here: latency-bound runs vary little.
  const rounds = 3;
  ctx.log(`parallel: --from ${from}, sequential vs --parallel 4, ${rounds} rounds`);
  const clients = [
    { name: 'sequential', run: ndjsonRun(ctx, sb, 'seq', ['--from', from]) },
    { name: 'parallel 4', run: ndjsonRun(ctx, sb, 'par', ['--from', from, '--parallel', '4']) },
  ];
  const results = await interleave(rounds, clients, ctx.log);
  const seq = median(results.sequential.map((x) => x.wallMs));
  const par = median(results['parallel 4'].map((x) => x.wallMs));
  const hashes = new Set([...results.sequential, ...results['parallel 4']].map((x) => x.hash));
  const same = hashes.size === 1;
  const rows = [
    [`healthdata -f ndjson --from ${from}`, fmtS(seq)],
    [`… --parallel 4`, fmtS(par)],
    ['speed-up', fmtRatio(seq / par)],
    [
      'outputs (sha256)',
      same ? `identical (${[...hashes][0].slice(0, 16)}…)` : `${hashes.size} different`,
    ],
  ];
  ctx.report.section(
    `Parallel (latency ${sb.latency} ms)`,
    `Median of ${rounds} interleaved runs each.\n\n${table(['', 'value'], rows)}`,
  );
  ctx.report.target('parallel 4 vs sequential', '≥ 3×', fmtRatio(seq / par), seq / par >= 3);
  ctx.report.target(
    'parallel output identical',
    'same sha256',
    same ? 'identical' : 'differs',
    same,
  );
}
