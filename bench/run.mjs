// npm run bench [-- options]: builds, then measures healthdata against the built-in sandbox.
// Progress goes to stderr; the Markdown report to stdout and bench/results/latest.md.
import { rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Report } from './lib/report.mjs';
import { sandboxWithRows, startSandbox } from './lib/sandbox.mjs';
import { overlap, parallel } from './sections/latency.mjs';
import { mcp } from './sections/mcp.mjs';
import { memory } from './sections/memory.mjs';
import { oneRequest } from './sections/one-request.mjs';
import { startup } from './sections/startup.mjs';
import { summary } from './sections/summary.mjs';
import { tableVsCsv } from './sections/table.mjs';
import { sync } from './sections/sync.mjs';
import { dataset } from './sections/dataset.mjs';
import { syncSqlite } from './sections/sync-sqlite.mjs';
import { throughput } from './sections/throughput.mjs';
import { influx } from './sections/influx.mjs';

const SECTIONS = [
  'startup',
  'one-request',
  'table',
  'throughput',
  'memory',
  'overlap',
  'parallel',
  'sync',
  // Also part of 'sync'; on its own, the SQLite rounds without the per-format table.
  'sync-sqlite',
  'summary',
  'mcp',
  'dataset',
  // healthdata sync influx+http://… into a VictoriaMetrics it starts (Debian's victoria-metrics).
  'influx',
];
// Sections run only when --only names them.
const OPTIONAL = ['dataset', 'influx'];
const DATA_MODES = ['realistic', 'tidy', 'notes'];
/** The sandbox's flags for a data mode. */
const shape = (mode) => ({ realistic: mode !== 'tidy', notes: mode === 'notes' });
const MAIN_SANDBOX = ['one-request', 'table', 'throughput', 'mcp'];
// A fixed "today" makes the generated data, and so every row count, the same on every run.
const TODAY = '2026-11-22';
// ~140 pages of 1000: long enough that 50 ms per page dominates, short enough for 3+3+3 runs.
const LATENCY_ROWS = 120_000;

const USAGE = `usage: npm run bench -- [options]
  --rows <n>          rows for throughput and memory (default 300000)
  --runs <n>          interleaved rounds per client (default 5; mcp: 6× this, at least 30)
  --curl-runs <n>     rounds for the slow curl+jq loop (default 3)
  --startup-runs <n>  rounds for the start-up timings (default 20)
  --sync-runs <n>     rounds of SQLite first sync vs csv + sqlite3 .import (default 3)
  --latency <ms>      sandbox latency for overlap and parallel (default 50)
  --skip-curl         leave out the curl+jq loop
  --memory            memory at 100k vs >=1M rows (starts a second, 1M-row sandbox)
  --data <modes>      sandbox data, comma-separated: realistic (default: full-precision
                      doubles, non-ASCII names, numbers no double holds), tidy (short
                      decimals), notes (realistic, and one row in eight a note CSV must
                      quote: sandbox --notes); both = realistic,tidy; all = all three
                      (the sections run once per mode, side by side)
  --people <n>        people for --only dataset (default 1000; 100 is measured too)
  --only <list>       comma-separated: ${SECTIONS.join(', ')} (dataset only when named)
  --compare-bin <js>  another build's bin/healthdata.js (e.g. the base branch built into a temp
                      dir), timed beside this one in one-request, throughput and sync`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '300000' },
      runs: { type: 'string', default: '5' },
      'curl-runs': { type: 'string', default: '3' },
      'startup-runs': { type: 'string', default: '20' },
      'sync-runs': { type: 'string', default: '3' },
      latency: { type: 'string', default: '50' },
      'skip-curl': { type: 'boolean', default: false },
      memory: { type: 'boolean', default: false },
      people: { type: 'string', default: '1000' },
      only: { type: 'string', multiple: true },
      data: { type: 'string', default: 'realistic' },
      'compare-bin': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name) => {
    const n = Number(values[name]);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const only = (values.only ?? []).flatMap((s) => s.split(',')).filter(Boolean);
  for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`--only: unknown section ${s}`);
  const data =
    values.data === 'both'
      ? ['realistic', 'tidy']
      : values.data === 'all'
        ? ['realistic', 'tidy', 'notes']
        : values.data.split(',');
  if (!data.every((d) => DATA_MODES.includes(d))) {
    throw new Error(`--data must be ${DATA_MODES.join(', ')} (comma-separated), both or all`);
  }
  return {
    data,
    rows: int('rows'),
    runs: int('runs'),
    curlRuns: int('curl-runs'),
    startupRuns: int('startup-runs'),
    syncRuns: int('sync-runs'),
    latency: int('latency'),
    skipCurl: values['skip-curl'],
    memory: values.memory,
    people: int('people'),
    sections: new Set(only.length ? only : SECTIONS.filter((s) => !OPTIONAL.includes(s))),
    compareBin: values['compare-bin'] === undefined ? undefined : resolve(values['compare-bin']),
  };
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const here = (f) => join(root, 'bench', f);
// The bench sets HEALTHDATA_* itself per sandbox; leftovers from the shell must not leak in.
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('HEALTHDATA_')),
);
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

async function main() {
  const opts = parseOptions();
  const report = new Report();
  const ctx = {
    opts,
    report,
    log,
    baseEnv,
    node: process.execPath,
    bin: join(root, 'bin', 'healthdata.js'),
    tmp: await mkdtemp(join(tmpdir(), 'healthdata-bench-')),
    paths: {
      reference: here('reference-client.mjs'),
      curlJq: here('curl-jq.sh'),
      slowReader: here('slow-reader.mjs'),
      firstRequest: here('first-request.mjs'),
      oneRequest: here('one-request-client.mjs'),
      undiciClient: here('undici-client.mjs'),
    },
    hdEnv: (sb) => ({ ...baseEnv, HEALTHDATA_BASE_URL: sb.url, HEALTHDATA_API_KEY: sb.key }),
  };
  const want = (s) => opts.sections.has(s);
  const sbOpts = { node: ctx.node, bin: ctx.bin, env: baseEnv, today: TODAY, log };
  const sandboxes = new Set();
  const track = (sb) => {
    sandboxes.add(sb);
    return sb;
  };
  const withSandbox = async (mode, minRows, latency, fn) => {
    const sb = track(await sandboxWithRows(minRows, { ...sbOpts, latency, ...shape(mode) }));
    try {
      await fn(sb);
    } finally {
      sandboxes.delete(sb);
      await sb.stop();
    }
  };
  const stopAll = async () => Promise.all([...sandboxes].map((sb) => sb.stop()));
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      log(`${sig}: stopping the sandbox`);
      stopAll().finally(() => {
        rmSync(ctx.tmp, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }

  // A failing section is reported as such and the others still run: a partial report beats
  // none when someone else's change broke one path.
  const guard = async (name, fn) => {
    try {
      await fn();
    } catch (/** @type {any} */ err) {
      log(`${name} failed: ${err.stack ?? err}`);
      report.section(`${name}: FAILED`, '```\n' + String(err.message ?? err) + '\n```');
      report.target(name, 'runs', 'failed', false);
      process.exitCode = 1;
    }
  };

  // Other people rebuild dist/ while they work; a rebuild mid-run mixes two builds' numbers.
  const builtAt = async () =>
    (await stat(join(root, 'dist', 'healthdata.cjs')).catch(() => null))?.mtimeMs;
  const build0 = await builtAt();
  const t0 = Date.now();
  const described = [];
  try {
    // Start-up first, with no sandbox running: nothing else competes for the CPU.
    if (want('startup')) await guard('startup', () => startup(ctx));
    // One pass per data mode; with --data both, every section and target names its mode.
    for (const mode of opts.data) {
      const tag = opts.data.length > 1 ? `${mode} ` : '';
      const mctx = { ...ctx, report: opts.data.length > 1 ? labelled(report, mode) : report };
      const memoryBig = want('memory') && opts.memory && opts.rows < 1_000_000;
      if (MAIN_SANDBOX.some(want) || (want('memory') && !memoryBig)) {
        await guard('sandbox', () =>
          withSandbox(mode, opts.rows, 0, async (sb) => {
            described.push(`${tag}main sandbox: scale ${sb.scale}, ${sb.rows} rows`);
            if (want('one-request')) await guard('one-request', () => oneRequest(mctx, sb));
            if (want('table')) await guard('table', () => tableVsCsv(mctx, sb));
            if (want('throughput')) {
              await guard('throughput', async () => {
                // The same rows, gzipped for clients that ask: what users meet behind a gateway.
                const gz = track(
                  await startSandbox({
                    ...sbOpts,
                    ...shape(mode),
                    scale: sb.scale,
                    latency: 0,
                    compress: true,
                  }),
                );
                try {
                  described.push(
                    `${tag}gzip sandbox: scale ${gz.scale}, ${gz.rows} rows, --compress`,
                  );
                  await throughput(mctx, sb, gz);
                } finally {
                  sandboxes.delete(gz);
                  await gz.stop();
                }
              });
            }
            if (want('memory') && !memoryBig) await guard('memory', () => memory(mctx, sb));
            if (want('mcp')) await guard('mcp', () => mcp(mctx, sb, { today: TODAY }));
          }),
        );
      }
      if (memoryBig) {
        await guard('sandbox', () =>
          withSandbox(mode, 1_000_000, 0, async (sb) => {
            described.push(`${tag}memory sandbox: scale ${sb.scale}, ${sb.rows} rows`);
            await guard('memory', () => memory(mctx, sb));
          }),
        );
      }
      if (want('overlap') || want('parallel')) {
        await guard('latency sandbox', () =>
          withSandbox(mode, LATENCY_ROWS, opts.latency, async (sb) => {
            described.push(
              `${tag}latency sandbox: scale ${sb.scale}, ${sb.rows} rows, ${opts.latency} ms`,
            );
            if (want('overlap')) await guard('overlap', () => overlap(mctx, sb));
            if (want('parallel')) await guard('parallel', () => parallel(mctx, sb));
          }),
        );
      }
      if (want('sync') || want('sync-sqlite') || want('influx')) {
        // healthdata sync into targets of >= 1M rows: its own sandbox, and one a day later.
        await guard('sync sandbox', () =>
          withSandbox(mode, 1_000_000, 0, async (sb) => {
            described.push(`${tag}sync sandbox: scale ${sb.scale}, ${sb.rows} rows`);
            if (want('sync')) await guard('sync', () => sync(mctx, sb, { today: TODAY, baseEnv }));
            if (want('sync') || want('sync-sqlite')) {
              await guard('sync-sqlite', () => syncSqlite(mctx, sb));
            }
            if (want('influx')) {
              await guard('influx', () => influx(mctx, sb, { today: TODAY, baseEnv }));
            }
          }),
        );
      }
      if (want('summary')) {
        // summary of >= 1M rows against the csv export of the same rows, and at ~100k rows.
        await guard('summary sandbox', () =>
          withSandbox(mode, 1_000_000, 0, async (sb) =>
            // And one with about a third of the rows over the same days.
            withSandbox(mode, 300_000, 0, async (fewer) => {
              described.push(`${tag}summary sandbox: scale ${sb.scale}, ${sb.rows} rows`);
              described.push(`${tag}same days: scale ${fewer.scale}, ${fewer.rows} rows`);
              await guard('summary', () => summary(mctx, sb, fewer, { today: TODAY }));
            }),
          ),
        );
      }
    }
    if (want('dataset')) await guard('dataset', () => dataset(ctx, { today: TODAY }));
  } finally {
    await rm(ctx.tmp, { recursive: true, force: true });
  }

  if ((await builtAt()) !== build0) {
    const warning = 'dist/ was rebuilt during this run: numbers may mix two builds; rerun.';
    log(`WARNING: ${warning}`);
    report.note(`**WARNING: ${warning}**`);
  }
  const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
  const header = [
    `Command: \`npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` · ${minutes} min`,
    `Sandbox: \`--plan unlimited --today ${TODAY}\`, ${opts.data.join(' and ')} data; ${described.join('; ') || 'not started'}.`,
  ].join('\n');
  const text = report.render(header);
  await report.write(join(root, 'bench', 'results', 'latest.md'), text);
  process.stdout.write(text);
}

/** The report, with each section and target naming the data mode it measured. */
function labelled(report, mode) {
  return {
    section: (title, body) => report.section(`${title} — ${mode} data`, body),
    target: (name, ...rest) => report.target(`${name} (${mode})`, ...rest),
    note: (text) => report.note(`${mode} data: ${text}`),
  };
}

main().catch((err) => {
  log(`error: ${err.stack ?? err}`);
  process.exitCode = 1;
});
