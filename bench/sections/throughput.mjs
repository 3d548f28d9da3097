import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { countLines, countRecords } from '../lib/files.mjs';
import { check, runTimed } from '../lib/proc.mjs';
import { table } from '../lib/report.mjs';
import { interleave } from '../lib/rounds.mjs';
import { fmtInt, fmtMiB, fmtRatio, fmtS, max, median } from '../lib/stats.mjs';

// Issue 33: on every data mode, quoted text included.
const NDJSON_GOAL = 1.1;
const CSV_GOAL = 1.2;
/** --compare-bin: this build against the other, the same export, in the same rounds. */
const COMPARE_GOAL = 1.05;

/** Each client writes its output to a file; rows are counted from it, then it is removed. */
async function rowsIn(file, headerLines) {
  const count = file.endsWith('.csv') ? countRecords : countLines;
  const { lines, bytes } = await count(file);
  await rm(file, { force: true });
  return { rows: lines - headerLines, bytes };
}

/**
 * `sbGzip` serves the same rows as `sb`, gzipped for clients that ask (sandbox --compress), as
 * a real API behind a gateway does: the same clients are measured against it too.
 */
export async function throughput(ctx, sb, sbGzip) {
  const { opts, tmp, node } = ctx;
  const healthdata =
    (format, header, server, bin = ctx.bin) =>
    async (r) => {
      const out = join(tmp, `tp-${format}-${r}.${format}`);
      const args = [bin, 'metrics', '-f', format, '-q', '-o', out];
      const env = ctx.hdEnv(server);
      const res = check(await runTimed(tmp, node, args, { env }), `healthdata -f ${format}`);
      return { ...res, ...(await rowsIn(out, header)) };
    };
  const reference = (server, extra) => async () => {
    const args = [ctx.paths.reference, ...extra, server.url, server.key];
    const env = ctx.baseEnv;
    const res = check(await runTimed(tmp, node, args, { env, captureStdout: true }), 'ref');
    return { ...res, rows: JSON.parse(res.stdout).rows, bytes: NaN };
  };
  const env = ctx.hdEnv(sb);
  const gzipClients = sbGzip
    ? [
        {
          name: 'reference gzip',
          label: 'reference client, gzip',
          run: reference(sbGzip, ['--gzip']),
        },
        {
          name: 'ndjson gzip',
          label: 'healthdata -f ndjson -o file, gzip',
          run: healthdata('ndjson', 0, sbGzip),
        },
        {
          name: 'csv gzip',
          label: 'healthdata -f csv -o file, gzip',
          run: healthdata('csv', 1, sbGzip),
        },
      ]
    : [];
  const clients = [
    {
      name: 'reference',
      label: 'reference client (node:http, parse only)',
      run: reference(sb, []),
    },
    {
      name: 'curl+jq',
      label: 'curl + jq loop → csv file',
      rounds: opts.skipCurl ? 0 : Math.min(opts.runs, opts.curlRuns),
      run: async (r) => {
        const out = join(tmp, `tp-curl-${r}.csv`);
        const args = [ctx.paths.curlJq, sb.url, sb.key, out];
        const res = check(await runTimed(tmp, 'bash', args, { env }), 'curl-jq.sh');
        return { ...res, ...(await rowsIn(out, 0)) };
      },
    },
    { name: 'ndjson', label: 'healthdata -f ndjson -o file', run: healthdata('ndjson', 0, sb) },
    { name: 'csv', label: 'healthdata -f csv -o file', run: healthdata('csv', 1, sb) },
    ...gzipClients,
    ...compared(ctx, sb, sbGzip, healthdata),
  ];
  ctx.log(`throughput: ${sb.rows} rows, ${opts.runs} interleaved rounds`);
  const results = await interleave(opts.runs, clients, ctx.log);

  const wall = {};
  const cpu = {};
  const rows = [];
  const mismatches = [];
  for (const c of clients) {
    const rs = results[c.name];
    if (!rs.length) continue;
    wall[c.name] = median(rs.map((x) => x.wallMs));
    cpu[c.name] = median(rs.map((x) => x.cpuMs));
    for (const x of rs) if (x.rows !== sb.rows) mismatches.push(`${c.name}: ${x.rows}`);
    rows.push([
      c.label,
      rs.length,
      fmtS(wall[c.name]),
      Number.isFinite(cpu[c.name]) ? fmtS(cpu[c.name]) : '—',
      fmtInt(sb.rows / (wall[c.name] / 1000)),
      fmtMiB(max(rs.map((x) => x.rssKiB))),
      Number.isFinite(rs[0].bytes) ? fmtMiB(rs[0].bytes / 1024) : '—',
      fmtInt(rs[0].rows),
    ]);
  }
  /** @type {[string, number, '≤' | '≥', number][]} */
  const ratios = [
    ['ndjson / reference', wall.ndjson / wall.reference, '≤', NDJSON_GOAL],
    ['csv / reference', wall.csv / wall.reference, '≤', CSV_GOAL],
    ...(sbGzip
      ? /** @type {[string, number, '≤' | '≥', number][]} */ ([
          [
            'ndjson / reference, gzip',
            wall['ndjson gzip'] / wall['reference gzip'],
            '≤',
            NDJSON_GOAL,
          ],
          ['csv / reference, gzip', wall['csv gzip'] / wall['reference gzip'], '≤', CSV_GOAL],
        ])
      : []),
    ...comparedRatios(wall, cpu, Boolean(sbGzip)),
    ['curl+jq / ndjson', wall['curl+jq'] / wall.ndjson, '≥', 5],
    ['curl+jq / csv', wall['curl+jq'] / wall.csv, '≥', 5],
  ];
  const headers = [
    'client',
    'runs',
    'median wall',
    'median CPU',
    'rows/s',
    'peak RSS (max)',
    'output',
    'rows',
  ];
  const ratioRows = ratios.map(([n, v, op, goal]) => [n, fmtRatio(v), `${op} ${goal}`]);
  let body = `${sb.rows.toLocaleString('en-US')} rows (sandbox scale ${sb.scale}), page size 1000`;
  body += sbGzip ? '; "gzip" rows ask a second sandbox that gzips (--compress).\n\n' : '.\n\n';
  body += `${table(headers, rows)}\n\n${table(['wall-time ratio', 'measured', 'target'], ratioRows)}`;
  if (mismatches.length) {
    const warning = `WARNING: row counts differ from the sandbox's ${sb.rows}: ${mismatches.join(', ')}`;
    ctx.log(warning);
    body += `\n\n**${warning}**`;
  }
  body +=
    '\n\nThe sandbox runs on the same machine and competes for the same cores. Wall times ' +
    'include process start-up and, for healthdata -o, the fsync and rename. Peak RSS is GNU ' +
    'time %M of the measured process; for curl+jq the largest of bash, curl and jq.';
  ctx.report.section('Throughput', body);
  for (const [n, v, op, goal] of ratios) {
    const ok = Number.isFinite(v) ? (op === '≤' ? v <= goal : v >= goal) : null;
    ctx.report.target(`throughput ${n}`, `${op} ${goal}×`, fmtRatio(v), ok);
  }
  ctx.report.target(
    'same row count from every client',
    `${sb.rows}`,
    mismatches.join(', ') || 'all equal',
    !mismatches.length,
  );
}

/** With --compare-bin, the other build's ndjson and csv exports, as clients of their own. */
function compared(ctx, sb, sbGzip, healthdata) {
  const bin = ctx.opts.compareBin;
  if (!bin) return [];
  const clients = [
    {
      name: 'base ndjson',
      label: 'compared build -f ndjson',
      run: healthdata('ndjson', 0, sb, bin),
    },
    { name: 'base csv', label: 'compared build -f csv', run: healthdata('csv', 1, sb, bin) },
  ];
  if (sbGzip) {
    clients.push(
      {
        name: 'base ndjson gzip',
        label: 'compared build -f ndjson, gzip',
        run: healthdata('ndjson', 0, sbGzip, bin),
      },
      {
        name: 'base csv gzip',
        label: 'compared build -f csv, gzip',
        run: healthdata('csv', 1, sbGzip, bin),
      },
    );
  }
  return clients;
}

/**
 * This build over the compared one, wall and CPU, for each export measured both ways.
 * @returns {[string, number, '≤' | '≥', number][]}
 */
function comparedRatios(wall, cpu, gzip) {
  if (wall['base csv'] === undefined) return [];
  const names = ['ndjson', 'csv', ...(gzip ? ['ndjson gzip', 'csv gzip'] : [])];
  return names.flatMap(
    (n) =>
      /** @type {[string, number, '≤' | '≥', number][]} */ ([
        [`${n} / compared build (wall)`, wall[n] / wall[`base ${n}`], '≤', COMPARE_GOAL],
        [`${n} / compared build (CPU)`, cpu[n] / cpu[`base ${n}`], '≤', COMPARE_GOAL],
      ]),
  );
}
