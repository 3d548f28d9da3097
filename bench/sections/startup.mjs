import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { run, start } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { fmtMs, median, percentile } from '../lib/stats.mjs';

const TTFR_GOAL_MS = 70;
const CLI_GOAL_MS = 25;

/**
 * A local server that notes when each request arrives and answers 401, which makes healthdata
 * stop right after its first request: what is timed is start-up up to the wire.
 */
async function arrivalServer() {
  let waiting = null;
  const server = createServer((req, res) => {
    const at = performance.now();
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"error":{"code":"unauthorized","message":"invalid API key"}}');
    waiting?.(at);
    waiting = null;
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    url,
    close: () => new Promise((resolve) => server.close(resolve)),
    /** ms from just before spawn() to the first request's arrival; then waits for the exit. */
    async timeToFirstRequest(cmd, args, env) {
      let timer;
      const arrived = new Promise((resolve, reject) => {
        waiting = resolve;
        timer = setTimeout(
          () => reject(new Error(`no request in 10 s: ${args.join(' ')}`)),
          10_000,
        );
      });
      const t0 = performance.now();
      const proc = start(cmd, args, { env });
      try {
        const at = await arrived;
        await proc.done;
        return at - t0;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export async function startup(ctx) {
  const { node, bin } = ctx;
  const env = ctx.baseEnv;
  const server = await arrivalServer();
  const wall = (args) => async () => (await run(node, args, { env, timeoutMs: 30_000 })).wallMs;
  const commands = [
    { name: 'node -e 0', measure: wall(['-e', '0']) },
    { name: 'healthdata --version', measure: wall([bin, '--version']) },
    { name: 'healthdata --help', measure: wall([bin, '--help']) },
    { name: 'healthdata metrics --help', measure: wall([bin, 'metrics', '--help']) },
    {
      name: 'first request: healthdata metrics -f csv',
      measure: () =>
        server.timeToFirstRequest(
          node,
          [
            bin,
            'metrics',
            '--base-url',
            server.url,
            '--api-key',
            'phd_live_bench',
            '-f',
            'csv',
            '-q',
          ],
          env,
        ),
    },
    {
      name: 'first request: bare node http.get',
      measure: () => server.timeToFirstRequest(node, [ctx.paths.firstRequest, server.url], env),
    },
  ];
  const n = ctx.opts.startupRuns;
  ctx.log(`startup: ${n} interleaved rounds (+1 warm-up)`);
  const times = commands.map(() => /** @type {number[]} */ ([]));
  try {
    // Round 0 warms the page cache for node and the bundle; it is not recorded.
    for (let r = 0; r <= n; r++) {
      for (const [i, c] of commands.entries()) {
        const ms = await c.measure();
        if (r > 0) times[i]?.push(ms);
      }
    }
  } finally {
    await server.close();
  }
  const med = times.map(median);
  const base = med[0];
  const rows = commands.map((c, i) => [
    c.name,
    fmtMs(med[i]),
    fmtMs(percentile(times[i], 90)),
    i === 0 ? '—' : `${(med[i] - base).toFixed(1)} ms`,
  ]);
  ctx.report.section(
    `Startup (${n} interleaved runs each)`,
    'Wall time from spawn() to exit; "first request" rows are spawn() to the request arriving at ' +
      `a local server.\n\n${table(['command', 'median', 'p90', 'median − node -e 0'], rows)}`,
  );
  const d = (i) => med[i] - base;
  ctx.report.target(
    'first request − node -e 0',
    `≤ ${TTFR_GOAL_MS} ms`,
    fmtMs(d(4)),
    d(4) <= TTFR_GOAL_MS,
  );
  ctx.report.target(
    '--version − node -e 0',
    `≤ ${CLI_GOAL_MS} ms`,
    fmtMs(d(1)),
    d(1) <= CLI_GOAL_MS,
  );
  ctx.report.target('--help − node -e 0', `≤ ${CLI_GOAL_MS} ms`, fmtMs(d(2)), d(2) <= CLI_GOAL_MS);
  ctx.report.target(
    'metrics --help − node -e 0',
    `≤ ${CLI_GOAL_MS} ms`,
    fmtMs(d(3)),
    d(3) <= CLI_GOAL_MS,
  );
}
