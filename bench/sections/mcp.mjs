// MCP `query_metrics` (issue 22): per call in one session (one `healthdata mcp` process, many
// calls over stdio JSON-RPC), against `healthdata metrics -f json` of the same rows minus what
// a process costs before and after its work. Two queries over the sandbox's last 30 days:
// every metric (the answer is cut by its size budget, so the CLI gets --limit with the rows
// the answer held) and five daily metrics (a complete answer, names checked in the catalog).
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { check, killGroup, run, start } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { fmtInt, fmtMs, fmtRatio, median } from '../lib/stats.mjs';

const RATIO_GOAL = 1.2;
const DAILY = ['steps', 'resting_heart_rate', 'hrv', 'sleep_duration', 'weight'];

/** A JSON-RPC client over the server's stdin/stdout, one message a line. */
function session(ctx, env) {
  const proc = start(ctx.node, [ctx.bin, 'mcp', '-q'], {
    env,
    stdin: 'pipe',
    // A pipe to read the answers from (start() keeps a copy of the text too).
    captureStdout: true,
    stopSignal: 'SIGTERM',
  });
  const stdin = /** @type {import('node:stream').Writable} */ (proc.child.stdin);
  const stdout = /** @type {import('node:stream').Readable} */ (proc.child.stdout);
  const waiting = new Map();
  let buffered = '';
  stdout.setEncoding('utf8').on('data', (s) => {
    buffered += s;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const msg = JSON.parse(line);
      waiting.get(msg.id)?.(msg);
      waiting.delete(msg.id);
    }
  });
  let nextId = 1;
  const send = (msg) => stdin.write(`${JSON.stringify(msg)}\n`);
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer in 60 s`)), 60_000);
      waiting.set(id, (msg) => {
        clearTimeout(timer);
        if (msg.error) reject(new Error(`${method}: ${JSON.stringify(msg.error)}`));
        else resolve(msg.result);
      });
      send({ jsonrpc: '2.0', id, method, params });
    });
  return {
    async open() {
      await request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'healthdata-bench', version: '1' },
      });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    },
    /** One tools/call: its wall time from the request written to the answer parsed. */
    async call(name, args) {
      const t0 = performance.now();
      const result = await request('tools/call', { name, arguments: args });
      const wallMs = performance.now() - t0;
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
      return { wallMs, result };
    },
    async close() {
      stdin.end();
      const timer = setTimeout(() => killGroup(proc.child, 'SIGKILL'), 5000);
      await proc.done;
      clearTimeout(timer);
    },
  };
}

export async function mcp(ctx, sb, { today }) {
  const { tmp, node } = ctx;
  const env = ctx.hdEnv(sb);
  const to = today;
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const queries = [
    { key: 'all', label: 'every metric', args: { from, to } },
    { key: 'daily', label: `${DAILY.length} daily metrics`, args: { metrics: DAILY, from, to } },
  ];
  const s = session(ctx, env);
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
          const { wallMs, result } = await s.call('query_metrics', q.args);
          return { wallMs, rows: result.structuredContent.row_count };
        },
      });
      clients.push({
        name: `cli ${q.key}`,
        run: async (r) => {
          const out = join(tmp, `mcp-cli-${q.key}-${r}.json`);
          // --limit: the rows the answer held, so both read and write the same rows.
          const args = cliArgs(q, ['--limit', String(first[q.key].rows)]);
          const res = check(await run(node, args, { env, stdoutFile: out }), `metrics ${q.key}`);
          const rows = JSON.parse(await readFile(out, 'utf8')).data.length;
          await rm(out, { force: true });
          return { ...res, rows };
        },
      });
    }
    clients.push({
      name: 'version',
      run: async () =>
        check(await run(node, [ctx.bin, '--version'], { env: ctx.baseEnv }), '--version'),
    });
    // The CLI's fixed cost: start-up, the action's modules, one request, the error, the exit.
    clients.push({
      name: 'refused',
      run: async () => {
        const bad = { ...env, HEALTHDATA_API_KEY: 'phd_live_bench_refused' };
        const res = await run(node, cliArgs(queries[0], []), { env: bad });
        if (res.code !== 3) throw new Error(`refused key: exit ${res.code}, not 3`);
        return res;
      },
    });
    const rounds = Math.max(10, ctx.opts.runs * 2);
    ctx.log(`mcp: query_metrics ${from}..${to}, ${rounds} interleaved rounds`);
    const results = await interleave(rounds, clients, ctx.log);
    const med = (name) => median(results[name].map((x) => x.wallMs));
    const start0 = med('refused');
    const version = med('version');
    const rows = [];
    const ratios = [];
    for (const q of queries) {
      const m = med(`mcp ${q.key}`);
      const c = med(`cli ${q.key}`);
      const sameRows = results[`cli ${q.key}`].every((x) => x.rows === first[q.key].rows);
      const f = first[q.key];
      const cut = f.complete ? 'complete' : `cut: ${f.left}`;
      rows.push([
        `query_metrics, ${q.label} (${fmtInt(f.rows)} rows, ${cut})`,
        fmtMs(m),
        fmtMs(f.wallMs),
        fmtMs(c),
        fmtMs(c - start0),
        fmtMs(c - version),
        sameRows ? 'yes' : 'NO',
      ]);
      ratios.push({ q, ratio: m / (c - start0), vsVersion: m / (c - version), sameRows });
    }
    ctx.report.section(
      `MCP query_metrics vs metrics -f json (${rounds} interleaved runs each)`,
      `${from} to ${to} (30 days), sandbox scale ${sb.scale}. "per call" is the median time from ` +
        'a tools/call request written to its answer read, in one `healthdata mcp -q` session ' +
        '(after one call of each query, timed apart as "first call"). The CLI is `metrics -f json ' +
        '-q --from --to [-m] --limit <the rows the answer held>` to a file. Process start is ' +
        `taken two ways: **the same metrics command refused at its first request** (a wrong ` +
        `key: start-up, the action's modules, one round trip, the error and the exit; median ` +
        `${fmtMs(start0)}), which the targets use, and \`healthdata --version\` (median ` +
        `${fmtMs(version)}), which loads almost nothing and so leaves more of the start-up in ` +
        'the CLI figure.\n\n' +
        table(
          [
            'query',
            'MCP per call',
            'MCP first call',
            'CLI wall',
            'CLI − refused run',
            'CLI − --version',
            'same rows',
          ],
          rows,
        ) +
        '\n\n' +
        table(
          ['ratio: MCP per call /', 'CLI − refused run', 'CLI − --version'],
          ratios.map(({ q, ratio, vsVersion }) => [q.label, fmtRatio(ratio), fmtRatio(vsVersion)]),
        ),
    );
    for (const { q, ratio, sameRows } of ratios) {
      ctx.report.target(
        `MCP query_metrics 30 days, ${q.label} / metrics -f json − start`,
        `≤ ${RATIO_GOAL}×`,
        fmtRatio(ratio) + (sameRows ? '' : ' (row counts differ)'),
        Number.isFinite(ratio) && ratio > 0 ? ratio <= RATIO_GOAL && sameRows : null,
      );
    }
  } finally {
    await s.close();
  }
}
