// Two builds' MCP servers side by side: one `healthdata mcp` session each, the same tool call
// in interleaved rounds (5 calls of A, 5 of B, …), so drift on a shared machine hits both.
//
//   eval "$(healthdata sandbox --realistic --scale 8 --today 2026-11-22 &)"   # or any API
//   node bench/mcp-ab.mjs <A/bin/healthdata.js> <B/bin/healthdata.js> [--rounds 100]
//        [--tool query_metrics|daily_summary|…] [--query daily|all]
//
// Prints each build's median per-call wall time (the median of each round's 5 calls, then over
// rounds) and its server CPU per call (user + system from /proc, Linux only). Another build:
// `git worktree add /tmp/base <commit>`, link node_modules, `node scripts/build.mjs` there.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mcpSession, queryArgs } from './lib/mcp-session.mjs';
import { fmtMs, median } from './lib/stats.mjs';

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100' },
    tool: { type: 'string', default: 'query_metrics' },
    query: { type: 'string', default: 'daily' },
    from: { type: 'string', default: '2026-10-24' },
    to: { type: 'string', default: '2026-11-22' },
  },
  allowPositionals: true,
});
if (positionals.length !== 2) {
  console.error(
    'usage: node bench/mcp-ab.mjs <A bin/healthdata.js> <B bin/healthdata.js> [options]',
  );
  process.exit(2);
}
const { from, to } = values;
const args = queryArgs(values.query, from, to);
const CALLS_PER_ROUND = 5;

const sessions = positionals.map((bin) =>
  mcpSession(process.execPath, [bin, 'mcp', '-q'], process.env),
);
/** CPU ms (user + system) of a server so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
const cpuMs = (s) => {
  const fields = readFileSync(`/proc/${s.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
try {
  // Both warmed alike: connections opened, code optimised, the catalog read.
  for (const s of sessions) {
    await s.open();
    for (let i = 0; i < 20; i++) await s.call(values.tool, args);
  }
  const rounds = Number(values.rounds);
  const walls = sessions.map(() => /** @type {number[]} */ ([]));
  const cpu0 = sessions.map(cpuMs);
  for (let r = 0; r < rounds; r++) {
    for (const [k, s] of sessions.entries()) {
      const round = [];
      for (let c = 0; c < CALLS_PER_ROUND; c++)
        round.push((await s.call(values.tool, args)).wallMs);
      walls[k]?.push(median(round));
    }
  }
  for (const [k, s] of sessions.entries()) {
    const cpu = (cpuMs(s) - (cpu0[k] ?? 0)) / (rounds * CALLS_PER_ROUND);
    console.log(
      `${positionals[k]}: ${values.tool} (${values.query}) median ${fmtMs(median(walls[k] ?? []))} a call, server CPU ${fmtMs(cpu)} a call`,
    );
  }
} finally {
  for (const s of sessions) await s.close();
}
