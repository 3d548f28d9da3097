// A TCP relay in front of the sandbox that notes when each request's bytes arrive, so a CLI
// run can be timed from its first request on the wire instead of from spawn(): the start-up
// before it (node, modules, settings, connect) is left out without subtracting another
// process's median. Everything the bench times against that sandbox goes through the relay,
// so every client pays its hop alike.
import { createServer, connect } from 'node:net';
import { performance } from 'node:perf_hooks';

export async function startWireClock(targetUrl) {
  const target = new URL(targetUrl);
  /** performance.now() of every chunk a client sent (requests are small: a chunk each). */
  const sent = [];
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', () => sent.push(performance.now()));
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    /** When the first request bytes after `t0` arrived (undefined if none did). */
    firstAfter(t0) {
      for (let i = sent.length - 1; i >= 0; i--) {
        if ((sent[i] ?? 0) < t0) return sent[i + 1];
      }
      return sent[0];
    },
    /** Forgets what was noted (the list only grows otherwise). */
    clear() {
      sent.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
