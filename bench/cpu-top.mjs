// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time.
//
//   node bench/cpu-top.mjs <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

const [file, count = '15'] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-top.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// timeDeltas[i] is the time between samples i-1 and i, so it is charged to sample i.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]));

const totals = new Map();
let all = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = url ? `${url.replace(/^.*\/(?=[^/]+\/[^/]+$)/, '')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  totals.set(key, (totals.get(key) ?? 0) + us);
  all += us;
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
console.log(`total ${(all / 1000).toFixed(0)} ms sampled`);
for (const [key, us] of top) {
  console.log(
    `${(us / 1000).toFixed(1).padStart(8)} ms ${((us / all) * 100).toFixed(1).padStart(5)} %  ${key}`,
  );
}
