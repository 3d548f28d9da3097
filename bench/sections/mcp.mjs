// MCP `query_metrics` (issue 22): per call in one session (one `healthdata mcp` process, many
// calls over stdio JSON-RPC), against `healthdata metrics -f json` of the same rows minus what
// a process costs before its work. Two queries over the sandbox's last 30 days: every metric
// (the answer is cut by its size budget, so the CLI gets --limit with the rows the answer held)
// and five daily metrics (a complete answer, names checked in the catalog). Every client
// reaches the sandbox through a relay that notes when requests arrive (lib/wire-clock.mjs), so
// a CLI run can be timed from its first request; the README explains the estimators.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { start } from '../lib/proc.mjs';
import { DAILY_METRICS, mcpSession, queryArgs } from '../lib/mcp-session.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import {
  bootstrap90,
  fmtInt,
  fmtMs,
  fmtRatio as fmtFinite,
  fmtSpread,
  median,
} from '../lib/stats.mjs';
import { startWireClock } from '../lib/wire-clock.mjs';

const RATIO_GOAL = 1.2;
/** Calls of each query per round: their median is the round's figure. */
const CALLS_PER_ROUND = 5;

const fmtRatio = (r) => (r === Infinity ? '∞' : fmtFinite(r));

/** One process run, timed from spawn() and from its first request on the wire. */
async function timedRun(ctx, wire, args, env) {
  const t0 = performance.now();
  const proc = start(ctx.node, args, { env, captureStdout: true });
  let lastOut = NaN;
  let lastErr = NaN;
  proc.child.stdout?.on('data', () => (lastOut = performance.now()));
  proc.child.stderr?.on('data', () => (lastErr = performance.now()));
  const res = await proc.done;
  const end = performance.now();
  const first = wire.firstAfter(t0) ?? NaN;
  return {
    ...res,
    wallMs: end - t0,
    workMs: lastOut - first,
    errMs: lastErr - first,
    tailMs: end - first,
  };
}

/** The estimators of "the CLI's work minus process start", over rounds `idx` of query `k`. */
function estimators(res, k, idx) {
  const at = (name, field) => idx.map((i) => res[name][i][field]);
  const cli = `cli ${k}`;
  return {
    wire: median(at(cli, 'workMs')) - median(at('refused', 'errMs')),
    exit: median(at(cli, 'tailMs')) - median(at('refused', 'tailMs')),
    window: median(at(cli, 'workMs')),
    wall: median(at(cli, 'wallMs')) - median(at('refused', 'wallMs')),
    paired: median(idx.map((i) => res[cli][i].wallMs - res.refused[i].wallMs)),
    version: median(at(cli, 'wallMs')) - median(at('version', 'wallMs')),
  };
}

const ESTIMATORS = [
  ['wire', 'first request → last byte, minus the refused run’s → its error (target)'],
  ['exit', 'first request → exit, minus the refused run’s'],
  ['window', 'first request → last output byte'],
  ['wall', 'CLI wall − refused wall (medians)'],
  ['paired', 'median of CLI − refused, round by round'],
  ['version', 'CLI wall − `--version` wall'],
];

export async function mcp(ctx, sb, { today }) {
  const wire = await startWireClock(sb.url);
  const env = { ...ctx.hdEnv(sb), HEALTHDATA_BASE_URL: wire.url };
  const to = today;
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const queries = [
    { key: 'all', label: 'every metric', args: queryArgs('all', from, to) },
    {
      key: 'daily',
      label: `${DAILY_METRICS.length} daily metrics`,
      args: queryArgs('daily', from, to),
    },
  ];
  const s = mcpSession(ctx.node, [ctx.bin, 'mcp', '-q'], env);
  const load = [loadavg()[0]];
  try {
    await s.open();
    // The session's first call of each query also connects and warms the JIT: timed apart.
    const first = {};
    for (const q of queries) {
      const { wallMs, result } = await s.call('query_metrics', q.args);
      const out = result.structuredContent;
      first[q.key] = { wallMs, rows: out.row_count, complete: out.complete, left: out.left_out_by };
    }
    const cliArgs = (q, extra) => {
      const args = [ctx.bin, 'metrics', '-f', 'json', '-q', '--from', from, '--to', to];
      if (q.args.metrics) args.push('-m', q.args.metrics.join(','));
      return [...args, ...extra];
    };
    const clients = [];
    for (const q of queries) {
      clients.push({
        name: `mcp ${q.key}`,
        run: async () => {
          const walls = [];
          for (let c = 0; c < CALLS_PER_ROUND; c++) {
            const { wallMs, result } = await s.call('query_metrics', q.args);
            if (result.structuredContent.row_count !== first[q.key].rows) {
              throw new Error(`mcp ${q.key}: ${result.structuredContent.row_count} rows`);
            }
            walls.push(wallMs);
          }
          return { wallMs: median(walls) };
        },
      });
      clients.push({
        name: `cli ${q.key}`,
        run: async () => {
          // --limit: the rows the answer held, so both read and write the same rows.
          const args = cliArgs(q, ['--limit', String(first[q.key].rows)]);
          const res = await timedRun(ctx, wire, args, env);
          if (res.code !== 0) throw new Error(`metrics ${q.key}: exit ${res.code}\n${res.stderr}`);
          return { ...res, stdout: '', rows: JSON.parse(res.stdout).data.length };
        },
      });
    }
    clients.push({
      name: 'version',
      run: async () => {
        const res = await timedRun(ctx, wire, [ctx.bin, '--version'], ctx.baseEnv);
        if (res.code !== 0) throw new Error(`--version: exit ${res.code}`);
        return res;
      },
    });
    // The CLI's fixed cost: start-up, the action's modules, one request, the error, the exit.
    clients.push({
      name: 'refused',
      run: async () => {
        const bad = { ...env, HEALTHDATA_API_KEY: 'phd_live_bench_refused' };
        const res = await timedRun(ctx, wire, cliArgs(queries[0], []), bad);
        if (res.code !== 3) throw new Error(`refused key: exit ${res.code}, not 3`);
        return res;
      },
    });
    const rounds = Math.max(30, ctx.opts.runs * 6);
    ctx.log(`mcp: query_metrics ${from}..${to}, ${rounds} interleaved rounds`);
    const results = await interleave(rounds, clients, ctx.log);
    load.push(loadavg()[0]);
    report(ctx, sb, { queries, first, results, rounds, from, to, load });
  } finally {
    await s.close();
    await wire.close();
  }
}

function report(ctx, sb, { queries, first, results, rounds, from, to, load }) {
  const all = [...Array(rounds).keys()];
  const col = (name, field) => results[name].map((x) => x[field]);
  const rows = [];
  const ratios = [];
  for (const q of queries) {
    const f = first[q.key];
    const cli = `cli ${q.key}`;
    const sameRows = results[cli].every((x) => x.rows === f.rows);
    rows.push([
      `${q.label} (${fmtInt(f.rows)} rows, ${f.complete ? 'complete' : `cut: ${f.left}`})`,
      fmtSpread(col(`mcp ${q.key}`, 'wallMs')),
      fmtMs(f.wallMs),
      fmtSpread(col(cli, 'wallMs')),
      fmtSpread(col(cli, 'workMs')),
      fmtSpread(col(cli, 'tailMs')),
      sameRows ? 'yes' : 'NO',
    ]);
    const ratioOf = (idx) => {
      const m = median(idx.map((i) => results[`mcp ${q.key}`][i].wallMs));
      const e = estimators(results, q.key, idx);
      // A CLI estimate at or below zero leaves no work to compare with: the ratio is unbounded.
      return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v > 0 ? m / v : Infinity]));
    };
    const point = ratioOf(all);
    const cliMs = estimators(results, q.key, all);
    const spread = Object.fromEntries(
      ESTIMATORS.map(([k]) => [k, bootstrap90(rounds, (idx) => ratioOf(idx)[k ?? ''])]),
    );
    ratios.push({ q, point, cliMs, spread, sameRows });
  }
  const cell = (r, k) =>
    `${fmtMs(r.cliMs[k])} → **${fmtRatio(r.point[k])}** (${fmtRatio(r.spread[k][0])}–${fmtRatio(r.spread[k][1])})`;
  ctx.report.section(
    `MCP query_metrics vs metrics -f json (${rounds} interleaved rounds)`,
    `${from} to ${to} (30 days), sandbox scale ${sb.scale}; load average (1 min) ${load[0].toFixed(1)} ` +
      `at the start, ${load[1].toFixed(1)} at the end. Cells are median (p25–p75) over rounds. ` +
      `"MCP per call": a tools/call request written to its answer read, in one \`healthdata mcp -q\` ` +
      `session, the median of ${CALLS_PER_ROUND} calls a round (after one call of each query, ` +
      '"first call"). The CLI is `metrics -f json -q --from --to [-m] --limit <the rows the answer ' +
      'held>` to a pipe. Every client reaches the sandbox through a relay that notes when requests ' +
      'arrive, so a run is also timed from its **first request on the wire**; the refused run is ' +
      'the same command with a wrong key (exit 3: start-up, one round trip, the error, the exit). ' +
      `Medians: refused ${fmtMs(median(col('refused', 'wallMs')))} wall, ` +
      `${fmtMs(median(col('refused', 'errMs')))} from its first request to its error line, ` +
      `${fmtMs(median(col('refused', 'tailMs')))} to exit; ` +
      `\`--version\` ${fmtMs(median(col('version', 'wallMs')))}.\n\n` +
      table(
        [
          'query',
          'MCP per call',
          'MCP first call',
          'CLI wall',
          'CLI 1st request → last byte',
          'CLI 1st request → exit',
          'same rows',
        ],
        rows,
      ) +
      '\n\n"The CLI\'s work minus process start", estimated six ways, and MCP per call over it ' +
      '(90 % bootstrap interval over rounds):\n\n' +
      table(
        ['estimator', ...ratios.map(({ q }) => q.label)],
        ESTIMATORS.map(([k, label]) => [label, ...ratios.map((r) => cell(r, k))]),
      ),
  );
  for (const { q, point, spread, sameRows } of ratios) {
    const ratio = point.wire ?? NaN;
    ctx.report.target(
      `MCP query_metrics 30 days, ${q.label} / metrics -f json − start`,
      `≤ ${RATIO_GOAL}×`,
      `${fmtRatio(ratio)} (${fmtRatio(spread.wire[0])}–${fmtRatio(spread.wire[1])})` +
        (sameRows ? '' : ' (row counts differ)'),
      Number.isNaN(ratio) ? null : ratio <= RATIO_GOAL && sameRows,
    );
  }
}
