// Hostile or broken servers, over loopback: gzip bombs and oversize bodies, unknown encodings,
// 401/403, TLS to a plain-http server, escape sequences in error bodies, and secrets.
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { BIN, ROOT } from '../helpers/spawn.ts';
import { spawn } from 'node:child_process';
import { API_KEY, fail, hd, send, useTestServers, type Handler } from '../helpers/test-server.ts';

const serve = useTestServers();

/** `size` zero bytes, gzipped (about 1000:1), made in chunks so the test stays small. */
async function gzipOfZeros(size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  gzip.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let sent = 0; sent < size; sent += chunk.length) {
    if (!gzip.write(chunk)) await new Promise((r) => gzip.once('drain', r));
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}

const raw =
  (status: number, body: Buffer, headers: Record<string, string>): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

describe('bodies', () => {
  it('a gzip bomb fails fast, once, without retries, in under 300 MB of memory', async () => {
    // 512 MiB decoded: unbounded, decoding it alone would pass the 300 MB mark.
    const bomb = await gzipOfZeros(512 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const server = await serve(raw(200, bomb, { 'content-encoding': 'gzip' }));
    // The built binary under /usr/bin/time: %M is the peak resident set in KB.
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, BIN, 'profile'], {
        cwd: ROOT,
        env: {
          PATH: process.env['PATH'],
          HEALTHDATA_BASE_URL: server.url,
          HEALTHDATA_API_KEY: API_KEY,
        },
      });
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'healthdata: error: the response body is over 64 MiB decoded, more than any page should be — not retried\n',
    );
    const rss = Number(/maxrss=(\d+)/.exec(result.stderr)?.[1]);
    expect(rss).toBeGreaterThan(0);
    expect(rss).toBeLessThan(300 * 1024);
    expect(server.requests).toHaveLength(1);
  });

  it('a body over 64 MiB as sent is cut off and not retried', async () => {
    const huge = Buffer.alloc(65 * 1024 * 1024, 0x20);
    const server = await serve(raw(200, huge, {}));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('over 64 MiB as sent');
    expect(server.requests).toHaveLength(1);
  });

  it('an unsupported content-encoding is not retried', async () => {
    const server = await serve(raw(200, Buffer.from('xx'), { 'content-encoding': 'zstd' }));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unsupported content-encoding 'zstd'");
    expect(server.requests).toHaveLength(1);
  });
});

describe('authentication statuses', () => {
  it('a 401 with an empty gzip body is still a 401: exit 3, not retried', async () => {
    const server = await serve(raw(401, Buffer.alloc(0), { 'content-encoding': 'gzip' }));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/rejected the key from --api-key \(401\)/);
    expect(server.requests).toHaveLength(1);
  });

  it('a 403 exits 3 and says the key lacks access', async () => {
    const server = await serve(fail(403, ''));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the API refused access (403) — the key lacks access');
  });
});

describe('server text in messages', () => {
  it('escape sequences in an error body are shown as visible escapes', async () => {
    const server = await serve(
      fail(400, '{"error":{"message":"\\u001b[2J\\u001b]0;pwned\\u0007bad request"}}'),
    );
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(r.stderr).toContain('\\e[2J\\e]0;pwned\\u0007bad request');
  });

  it('and in the excerpt of a body that is not JSON (an HTML page)', async () => {
    const server = await serve((_req, res) => send(res, 200, '<html>\u001b[31mred</html>'));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('<html>\\e[31mred</html>');
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('TLS and base URL mistakes', () => {
  it('https to a plain-http server: one line naming the host and the likely cause', async () => {
    const server = await serve(fail(200, '{}'));
    const r = await runCli([
      'profile',
      '--base-url',
      `https://127.0.0.1:${server.port}`,
      '--api-key',
      API_KEY,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `healthdata: error: TLS failed with 127.0.0.1:${server.port}: the server does not speak TLS — is the URL http://?\n`,
    );
  });

  it('a base URL without its scheme gets a suggestion', async () => {
    const r = await runCli(['profile', '--base-url', 'localhost:8787', '--api-key', API_KEY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "the base URL 'localhost:8787' has no scheme — did you mean http://localhost:8787?",
    );
    const remote = await runCli(['profile', '--base-url', 'api.example.com', '--api-key', API_KEY]);
    expect(remote.stderr).toContain('did you mean https://api.example.com?');
  });

  it('a base URL ending in /api/v1 is told to drop it', async () => {
    const r = await runCli([
      'profile',
      '--base-url',
      'https://api.example.com/api/v1/',
      '--api-key',
      API_KEY,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'ends in /api/v1, which healthdata adds itself — drop it: https://api.example.com',
    );
  });
});

describe('secrets', () => {
  it('a password in the base URL never appears in a message', async () => {
    for (const url of [
      'https://ada:hunter2secret@api.example.com',
      'https://ada:hunter2secret@bad host',
    ]) {
      const r = await runCli(['profile', '--base-url', url, '--api-key', API_KEY]);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('hunter2secret');
    }
  });

  it('the key is redacted also in its URL-encoded form', async () => {
    const key = 'phd_live_a/b+c=d_0123456789';
    const server = await serve(
      fail(400, `{"error":{"message":"bad cursor for key=${encodeURIComponent(key)}"}}`),
    );
    const r = await runCli(['profile', '--base-url', server.url, '--api-key', key]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('key=[REDACTED]');
    expect(r.stderr).not.toContain(encodeURIComponent(key));
  });

  it('a key with a control or non-ASCII character exits 2 before any request', async () => {
    const server = await serve(fail(200, '{}'));
    for (const key of ['phd_live_\u0001abc', 'phd_live_clé']) {
      const r = await runCli(['profile', '--base-url', server.url, '--api-key', key]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('contains a control or non-ASCII character');
    }
    expect(server.requests).toHaveLength(0);
  });
});
