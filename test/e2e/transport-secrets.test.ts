// The key never shows: not in a log line, an error message, a config listing or a stack trace,
// wherever it came from. Where the key may be sent: transport-security.test.ts.
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import {
  API_KEY,
  closedPort,
  expectNoKey,
  fail,
  hd,
  ok,
  reset,
  send,
  PROFILE,
  useTestServers,
  type Handler,
} from '../helpers/test-server.ts';

const serve = useTestServers();

const redirect =
  (status: number, location: string): Handler =>
  (_req, res) =>
    send(res, status, '', { location });

describe('the key never shows', () => {
  it('--verbose logs every request with method, URL, status and time', async () => {
    const server = await serve([fail(503), reset, ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json', '--verbose']);
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => / GET /.test(l));
    const url = `${server.url}/api/v1/profile`;
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`GET ${url} → 503 \\(\\d+ ms\\)`));
    expect(lines[1]).toMatch(new RegExp(`GET ${url} → failed: .*\\(\\d+ ms\\)`));
    expect(lines[2]).toMatch(new RegExp(`GET ${url} → 200 \\(\\d+ ms\\)`));
    expect(server.requests).toHaveLength(3);
  });

  it('--verbose redacts the key a hostile redirect put in the URL', async () => {
    const server = await serve([redirect(302, `/x?token=${API_KEY}`), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json', '--verbose']);
    expect(r.code).toBe(0);
    expect(server.requests[1]?.url).toBe(`/x?token=${API_KEY}`);
    expect(r.stderr).toContain('/x?token=[REDACTED]');
  });

  it('a hostile redirect with the key in the URL, failing, does not print it', async () => {
    const server = await serve([redirect(302, `/x?token=${API_KEY}`), fail(404, 'nothing')]);
    const r = await hd(server.url, ['profile', '--verbose']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not found (404)');
    expect(r.stderr).toContain('token=[REDACTED]');
  });

  it('a 401 message does not contain the key, even when the server echoes it', async () => {
    const body = JSON.stringify({ error: { code: 'invalid_key', message: `bad key ${API_KEY}` } });
    const server = await serve(fail(401, body));
    const r = await hd(server.url, ['profile', '--verbose']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('bad key [REDACTED]');
  });

  it('a 500 body echoing the key is redacted in retry logs and in the error', async () => {
    const server = await serve(fail(500, `internal error for key ${API_KEY}`));
    const r = await hd(server.url, ['profile', '--verbose', '--retries', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('internal error for key [REDACTED]');
    expect(server.requests).toHaveLength(3);
  });

  it('a key from the environment is redacted too', async () => {
    const server = await serve(fail(500, `key=${API_KEY}`));
    const r = await runCli(['profile', '--base-url', server.url, '--verbose', '--retries', '1'], {
      env: { HEALTHDATA_API_KEY: API_KEY },
      random: () => 0,
    });
    expect(r.code).toBe(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expectNoKey(r);
  });

  it('a key from the config file is redacted too', async () => {
    const dir = tempDir('healthdata-config-');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    const set = await runCli(['config', 'set', 'api-key'], { env, stdin: `${API_KEY}\n` });
    expect(set.code).toBe(0);
    const server = await serve(fail(500, `key=${API_KEY}`));
    const r = await runCli(['profile', '--base-url', server.url, '--verbose', '--retries', '1'], {
      env,
      random: () => 0,
    });
    expect(r.code).toBe(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expectNoKey(r);
  });

  it('a non-JSON 200 echoing the key does not print it', async () => {
    const server = await serve(
      ok(`<html>hello ${API_KEY}</html>`, { 'content-type': 'text/html' }),
    );
    const dir = tempDir('healthdata-config-');
    const env = { HEALTHDATA_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'api-key'], { env, stdin: `${API_KEY}\n` });
    const r = await runCli(['profile', '--base-url', server.url], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not JSON');
    expectNoKey(r);
  });

  it('network errors do not contain the key', async () => {
    const port = await closedPort();
    const r = await hd(`http://127.0.0.1:${port}`, ['profile', '--verbose', '--retries', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('connection refused');
  });
});
