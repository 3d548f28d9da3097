// The floor for a one-request command: a plain node:http client that does what
// `healthdata profile -f json` does (one authenticated GET, the body checked as JSON and
// written to stdout) and nothing else.
//
//   node bench/one-request-client.mjs <base-url> <api-key> [path]
import { get } from 'node:http';

const [baseUrl, apiKey, path = '/api/v1/profile'] = process.argv.slice(2);
get(new URL(path, baseUrl), { headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    JSON.parse(text);
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    if (res.statusCode !== 200) process.exitCode = 1;
  });
}).on('error', (err) => {
  console.error(err.message);
  process.exitCode = 1;
});
