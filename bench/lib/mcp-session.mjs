// A JSON-RPC client for `healthdata mcp` over its stdin/stdout, one message a line, as an MCP
// client speaks to a local server. Used by the mcp section and by bench/mcp-calls.mjs.
import { performance } from 'node:perf_hooks';
import { killGroup, start } from './proc.mjs';

/** The five daily metrics the bench asks `query_metrics` for (a complete answer of 30 days). */
export const DAILY_METRICS = ['steps', 'resting_heart_rate', 'hrv', 'sleep_duration', 'weight'];

/** The arguments of the bench's two queries: `all` metrics, or the five `daily` ones. */
export function queryArgs(query, from, to) {
  return query === 'all' ? { from, to } : { metrics: DAILY_METRICS, from, to };
}

/** @param {string[]} args the command after node, e.g. [bin, 'mcp', '-q'] */
export function mcpSession(node, args, env) {
  const proc = start(node, args, {
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
      // Not JSON-RPC (e.g. --trace-gc lines of a profiling run): not an answer.
      if (!line.startsWith('{')) continue;
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
    pid: proc.child.pid,
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
      const done = await proc.done;
      clearTimeout(timer);
      return done;
    },
  };
}
