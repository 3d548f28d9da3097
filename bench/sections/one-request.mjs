// A one-request command against the sandbox, next to a plain node:http client doing the same
// request and to the same request through undici alone, bundled with the CLI's undici plugins
// (but compiled at each start: the CLI's bundle has a V8 code cache, bin/load-bundle.cjs, and
// reads llhttp from a file, which this client does not). spawn() to exit, output to /dev/null;
// the sandbox is idle between requests.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { banner, undiciSlim } from '../../scripts/bundle-plugins.mjs';
import { check, run } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { fmtMs, median, percentile } from '../lib/stats.mjs';

// Issue 22 (it was 40 ms in issue 14).
const GOAL_MS = 20;

/** bench/undici-client.mjs bundled with the CLI's undici plugins, into the bench's temp dir. */
async function bundleUndiciClient(ctx) {
  const outfile = join(ctx.tmp, 'undici-client.mjs');
  await build({
    entryPoints: [ctx.paths.undiciClient],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [undiciSlim],
    banner,
  });
  return outfile;
}

export async function oneRequest(ctx, sb) {
  const { node } = ctx;
  const env = ctx.hdEnv(sb);
  const undiciClient = await bundleUndiciClient(ctx);
  // Most people keep the key in the config file (`healthdata config set api-key`), not in the
  // environment: time that too.
  const configDir = join(ctx.tmp, 'one-request-config');
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  await writeFile(
    join(configDir, 'config.json'),
    JSON.stringify({ 'base-url': sb.url, 'api-key': sb.key }),
    { mode: 0o600 },
  );
  const configEnv = { ...ctx.baseEnv, HEALTHDATA_CONFIG_DIR: configDir };
  const wall =
    (args, what, withEnv = env) =>
    async () =>
      check(await run(node, args, { env: withEnv, timeoutMs: 30_000 }), what).wallMs;
  const commands = [
    {
      name: 'node:http client: GET /api/v1/profile → stdout',
      measure: wall([ctx.paths.oneRequest, sb.url, sb.key], 'one-request client'),
    },
    {
      name: 'undici client (bundled as the CLI bundles it): the same GET',
      measure: wall([undiciClient, sb.url, sb.key], 'undici client'),
    },
    {
      name: 'healthdata profile -f json',
      measure: wall([ctx.bin, 'profile', '-f', 'json', '-q'], 'healthdata profile'),
    },
    {
      name: 'healthdata profile -f json, settings from the config file',
      measure: wall([ctx.bin, 'profile', '-f', 'json', '-q'], 'healthdata profile', configEnv),
    },
    {
      name: 'healthdata catalog -f json',
      measure: wall([ctx.bin, 'catalog', '-f', 'json', '-q'], 'healthdata catalog'),
    },
  ];
  // --compare-bin: the same command from another build, in the same interleaved rounds.
  if (ctx.opts.compareBin) {
    commands.push({
      name: `healthdata profile -f json, compared build (${ctx.opts.compareBin})`,
      measure: wall([ctx.opts.compareBin, 'profile', '-f', 'json', '-q'], 'compared build'),
    });
  }
  const n = ctx.opts.startupRuns;
  ctx.log(`one-request: ${n} interleaved rounds (+1 warm-up)`);
  const times = commands.map(() => /** @type {number[]} */ ([]));
  for (let r = 0; r <= n; r++) {
    for (const [i, c] of commands.entries()) {
      const ms = await c.measure();
      if (r > 0) times[i]?.push(ms);
    }
  }
  const med = times.map(median);
  const rows = commands.map((c, i) => [
    c.name,
    fmtMs(med[i]),
    fmtMs(percentile(times[i], 90)),
    i === 0 ? '—' : `${(med[i] - med[0]).toFixed(1)} ms`,
    i < 2 ? '—' : `${(med[i] - med[1]).toFixed(1)} ms`,
  ]);
  ctx.report.section(
    `One-request commands (${n} interleaved runs each)`,
    'Wall time from spawn() to exit, against the idle sandbox, stdout to /dev/null.\n\n' +
      table(
        ['command', 'median', 'p90', 'median − node:http client', 'median − undici client'],
        rows,
      ),
  );
  const d = med[2] - med[0];
  ctx.report.target(
    'profile -f json − node:http client',
    `≤ ${GOAL_MS} ms`,
    fmtMs(d),
    d <= GOAL_MS,
  );
}
