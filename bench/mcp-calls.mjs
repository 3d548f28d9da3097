// Many query_metrics calls in one `healthdata mcp` session, for profiling the server:
//
//   eval "$(healthdata sandbox --realistic --scale 8 --today 2026-11-22 &)"   # or any API
//   node bench/mcp-calls.mjs [--calls 300] [--query daily|all] [-- node flags, e.g. --cpu-prof]
//
// Prints the per-call wall time (median, p10, p90) and the server's CPU time per call (user +
// system from /proc, Linux only), which moves far less than wall time on a busy machine.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mcpSession, queryArgs } from './lib/mcp-session.mjs';
import { fmtMs, median, percentile } from './lib/stats.mjs';

const { values, positionals } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    query: { type: 'string', default: 'daily' },
    from: { type: 'string', default: '2026-10-24' },
    to: { type: 'string', default: '2026-11-22' },
  },
  allowPositionals: true,
});
const bin = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'healthdata.js');
const { from, to } = values;
const args = queryArgs(values.query, from, to);

const s = mcpSession(process.execPath, [...positionals, bin, 'mcp', '-q'], process.env);
/** CPU ms (user + system) of the server so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${s.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
await s.open();
await s.call('query_metrics', args);
const calls = Number(values.calls);
const walls = [];
const cpu0 = cpuMs();
for (let i = 0; i < calls; i++) walls.push((await s.call('query_metrics', args)).wallMs);
const cpu = (cpuMs() - cpu0) / calls;
await s.close();
console.log(
  `${calls} calls (${values.query}): median ${fmtMs(median(walls))}, p10 ${fmtMs(percentile(walls, 10))}, ` +
    `p90 ${fmtMs(percentile(walls, 90))}; server CPU ${fmtMs(cpu)} a call`,
);
