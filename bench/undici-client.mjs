// The floor for a one-request command that keeps undici as its HTTP client: what
// one-request-client.mjs does, through undici's Agent, bundled as the CLI bundles undici (the
// slim entry, no HTTP/2, the bare assert, Liftoff-only wasm: scripts/bundle-plugins.mjs).
// The bench builds it first (bundleUndiciClient in sections/one-request.mjs).
//
//   node <built file> <base-url> <api-key> [path]
import { Agent } from 'undici';

const [baseUrl = '', apiKey = '', path = '/api/v1/profile'] = process.argv.slice(2);
const url = new URL(path, baseUrl);
const agent = new Agent();
try {
  const res = await agent.request({
    origin: url.origin,
    path: url.pathname,
    method: 'GET',
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const text = await res.body.text();
  JSON.parse(text);
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  if (res.statusCode !== 200) process.exitCode = 1;
} finally {
  await agent.close();
}
