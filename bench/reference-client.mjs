// The transport limit: the least a client can do to read every row. One keep-alive socket,
// sequential pages, JSON.parse, rows counted and dropped. Prints {"rows","pages"} as JSON.
// With --gzip it asks for gzip and gunzips what comes back gzipped, as any client would.
//
//   node bench/reference-client.mjs [--gzip] <base-url> <api-key> [page-size]
import { Agent, get } from 'node:http';
import { gunzipSync } from 'node:zlib';

const argv = process.argv.slice(2);
const gzip = argv.includes('--gzip');
const [baseUrl, apiKey, pageSize = '1000'] = argv.filter((a) => a !== '--gzip');
if (!baseUrl || !apiKey) {
  console.error('usage: reference-client.mjs [--gzip] <base-url> <api-key> [page-size]');
  process.exit(2);
}
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const headers = {
  authorization: `Bearer ${apiKey}`,
  ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
};

function fetchPage(cursor) {
  let url = `${baseUrl}/api/v1/metrics?limit=${pageSize}`;
  if (cursor) url += `&cursor=${encodeURIComponent(cursor)}`;
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const zipped = res.headers['content-encoding'] === 'gzip';
        const body = (zipped ? gunzipSync(raw) : raw).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}: ${body}`));
        else resolve(JSON.parse(body));
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

let rows = 0;
let pages = 0;
let cursor = null;
// Bounded: no real dataset here has 10 million pages; a cursor that never ends is a bug.
do {
  const page = await fetchPage(cursor);
  rows += page.data.length;
  pages++;
  cursor = page.next_cursor;
} while (cursor !== null && pages < 10_000_000);
agent.destroy();
console.log(JSON.stringify({ rows, pages }));
