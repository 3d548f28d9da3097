// A consumer slower than healthdata: stdin is read at most --rate bytes per second (pausing
// between chunks), so the producer meets backpressure and has to hold or wait. Prints
// {"bytes","ms"} on stdout when stdin ends.
//
//   healthdata metrics -f csv | node bench/slow-reader.mjs [--rate <bytes/s>]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rate: { type: 'string', default: String(2 ** 20) } } });
const rate = Number(values.rate);
const t0 = performance.now();
let bytes = 0;

process.stdin.on('data', (chunk) => {
  bytes += chunk.length;
  // Where a reader at exactly `rate` would be now; pause until real time catches up.
  const ahead = (bytes / rate) * 1000 - (performance.now() - t0);
  if (ahead > 1) {
    process.stdin.pause();
    setTimeout(() => process.stdin.resume(), ahead);
  }
});
process.stdin.on('end', () => {
  console.log(JSON.stringify({ bytes, ms: Math.round(performance.now() - t0) }));
});
