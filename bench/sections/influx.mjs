// `healthdata sync influx+http://…/write` into a real VictoriaMetrics (Debian's
// victoria-metrics, started here on a free loopback port, stopped at the end): the first push
// of the daily values read from a ≥1M-row sandbox (a year of data), the next day's, and the
// nightly run that changes nothing; then the ~1M raw rows themselves, `metrics -f influx`
// streamed into /write by curl. Targets (issue 36): peak RSS ≤ 150 MB; the nightly run that
// changes nothing ≤ 1 s and no write reaching the database. Runs only with --only influx.
import { mkdir } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { check, killGroup, readRss, runTimed, start } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { startNextDaySandbox } from '../lib/sandbox.mjs';
import { fmtInt, fmtMiB, fmtS, max } from '../lib/stats.mjs';

const PEAK_GOAL_MB = 150;
const UNCHANGED_GOAL_MS = 1000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A GET's status and body. @param {string} url @returns {Promise<{ status: number, text: string }>} */
function httpGet(url) {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s) => (text += s));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

async function until(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** VictoriaMetrics' own count of line-protocol writes (updated in the background: settled). */
async function writes(url) {
  let last = -1;
  for (;;) {
    const { text } = await httpGet(`${url}/metrics`);
    const line = text
      .split('\n')
      .find((l) => l.startsWith('vm_http_requests_total{path="/influx/write"'));
    const n = Number(line?.split(' ').at(-1) ?? 0);
    if (n === last) return n;
    last = n;
    await new Promise((r) => setTimeout(r, 1500));
  }
}

export async function influx(ctx, sb, { today, baseEnv }) {
  const port = await freePort();
  const data = join(ctx.tmp, 'vm-data');
  await mkdir(data, { recursive: true });
  const vm = start(
    '/usr/bin/victoria-metrics',
    [
      `-httpListenAddr=127.0.0.1:${port}`,
      `-storageDataPath=${data}`,
      '-retentionPeriod=100y',
      '-loggerLevel=ERROR',
    ],
    { env: baseEnv },
  );
  const url = `http://127.0.0.1:${port}`;
  const tomorrow = await startNextDaySandbox(ctx, sb, today, baseEnv);
  try {
    await until(
      'victoria-metrics /health',
      async () => (await httpGet(`${url}/health`)).status === 200,
    );
    const config = join(ctx.tmp, 'influx-config');
    const target = `influx+${url}/write?db=bench`;
    const rows = [];
    const step = async (label, sandbox) => {
      ctx.log(`influx: ${label}…`);
      const env = { ...ctx.hdEnv(sandbox), HEALTHDATA_CONFIG_DIR: config };
      const res = check(
        await runTimed(ctx.tmp, ctx.node, [ctx.bin, 'sync', target], { env }),
        `healthdata sync ${target} (${label})`,
      );
      const said = res.stderr.trim().split('\n').at(-1) ?? '';
      const points = Number(/(\d+) points/.exec(said)?.[1] ?? 0);
      ctx.log(`  ${fmtS(res.wallMs)}, ${fmtMiB(res.rssKiB)}: ${said}`);
      return { ...res, points, said };
    };
    const first = await step('first push', sb);
    const daily = await step('next day', tomorrow);
    const before = await writes(url);
    const unchanged = await step('nightly re-run, nothing changed', tomorrow);
    const wrote = (await writes(url)) - before;
    for (const [label, r] of [
      ['first push (every day the API has)', first],
      ['next day', daily],
      ['re-run (nothing changed)', unchanged],
    ]) {
      rows.push([
        label,
        fmtS(r.wallMs),
        fmtMiB(r.rssKiB),
        fmtInt(r.points),
        r.said.replace(/^.*\/write\?db=bench: /, ''),
      ]);
    }
    // The raw rows: healthdata's line protocol, streamed into /write by curl (chunked).
    ctx.log('influx: raw rows, metrics -f influx | curl…');
    const rssFile = join(ctx.tmp, 'influx-raw-rss.txt');
    const script =
      `/usr/bin/time -o ${rssFile} -f %M ${ctx.node} ${ctx.bin} metrics -f influx | ` +
      `curl -sSf -X POST -H 'Content-Type: text/plain' -H 'Transfer-Encoding: chunked' -T - '${url}/write?db=raw'`;
    const raw = check(
      await runTimed(ctx.tmp, '/bin/bash', ['-o', 'pipefail', '-c', script], {
        env: ctx.hdEnv(sb),
      }),
      'metrics -f influx | curl',
    );
    const rawRss = await readRss(rssFile);
    rows.push([
      `raw rows: metrics -f influx | curl (${fmtInt(sb.rows)} rows)`,
      fmtS(raw.wallMs),
      fmtMiB(rawRss),
      fmtInt(sb.rows),
      `${fmtInt(sb.rows / (raw.wallMs / 1000))} rows/s`,
    ]);
    ctx.report.section(
      'Time-series sync (healthdata sync influx+http://…/write into VictoriaMetrics)',
      `${fmtInt(sb.rows)} rows read from the API (scale ${sb.scale}); the first push is ` +
        `${fmtInt(first.points)} daily values, ${fmtInt(sb.rows / (first.wallMs / 1000))} API rows/s. ` +
        'Wall time and peak RSS of the healthdata process, one run each.\n\n' +
        table(['step', 'wall', 'peak RSS', 'points', 'what it said'], rows),
    );
    const worst = max([first.rssKiB, daily.rssKiB, unchanged.rssKiB, rawRss]);
    ctx.report.target(
      'influx sync peak RSS (any step, raw rows included)',
      `≤ ${PEAK_GOAL_MB} MB`,
      `${fmtMiB(worst)} (${((worst * 1024) / 1e6).toFixed(0)} MB)`,
      (worst * 1024) / 1e6 <= PEAK_GOAL_MB,
    );
    ctx.report.target(
      'influx nightly run, nothing changed',
      `≤ ${UNCHANGED_GOAL_MS / 1000} s, no write`,
      `${fmtS(unchanged.wallMs)}, ${wrote} writes`,
      unchanged.wallMs <= UNCHANGED_GOAL_MS && wrote === 0,
    );
  } finally {
    await tomorrow.stop();
    killGroup(vm.child, 'SIGKILL');
    await vm.done;
  }
}
