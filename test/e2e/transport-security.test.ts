// Where the key may go: only to the configured origin (redirects), and never over plain http to
// a remote host. That it never reaches a log line or a message: transport-secrets.test.ts.
import { describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { UsageError } from '../../src/lib/errors.ts';
import { isLoopback, parseBaseUrl } from '../../src/api/transport/origin.ts';
import {
  API_KEY,
  hd,
  ok,
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

/** A transport that records what would be sent, and sends nothing. */
function recordingDispatcher(): { dispatcher: Dispatcher; origins: string[] } {
  const origins: string[] = [];
  const dispatcher = {
    request(options: { origin: string }) {
      origins.push(String(options.origin));
      const error = Object.assign(new Error('getaddrinfo ENOTFOUND healthdata.invalid'), {
        code: 'ENOTFOUND',
      });
      return Promise.reject(error);
    },
  } as unknown as Dispatcher;
  return { dispatcher, origins };
}

describe('redirects and the Authorization header', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to another origin does not carry the key',
    async (status) => {
      const other = await serve(ok(PROFILE));
      const home = await serve(redirect(status, `${other.url}/elsewhere?x=1`));
      const r = await hd(home.url, ['profile', '-f', 'json']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${PROFILE}\n`);
      expect(home.requests).toHaveLength(1);
      expect(home.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]?.url).toBe('/elsewhere?x=1');
      expect(other.requests[0]?.headers.authorization).toBeUndefined();
      expect(JSON.stringify(other.requests[0]?.headers)).not.toContain(API_KEY);
    },
  );

  it('localhost is another origin than 127.0.0.1 (same port)', async () => {
    let port = 0;
    const server = await serve([
      (_req, res) => send(res, 302, '', { location: `http://localhost:${port}/p` }),
      ok(PROFILE),
    ]);
    port = server.port;
    const r = await hd(server.url, ['profile', '-f', 'json']);
    // localhost may resolve to ::1, where nothing listens; either way the key must not go.
    for (const request of server.requests.slice(1)) {
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    if (server.requests.length === 2) expect(r.code).toBe(0);
  });

  it('a same-origin redirect keeps the key', async () => {
    const server = await serve([redirect(302, '/api/v1/profile-moved'), ok(PROFILE)]);
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.path)).toEqual([
      '/api/v1/profile',
      '/api/v1/profile-moved',
    ]);
    expect(server.requests.map((q) => q.headers.authorization)).toEqual([
      `Bearer ${API_KEY}`,
      `Bearer ${API_KEY}`,
    ]);
  });

  it('a redirect away and back: only the configured origin gets the key', async () => {
    let homeUrl = '';
    const other = await serve((_req, res) => send(res, 307, '', { location: `${homeUrl}/back` }));
    const home = await serve([redirect(302, `${other.url}/away`), ok(PROFILE)]);
    homeUrl = home.url;
    const r = await hd(home.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(other.requests.map((q) => [q.path, q.headers.authorization])).toEqual([
      ['/away', undefined],
    ]);
    expect(home.requests.map((q) => [q.path, q.headers.authorization])).toEqual([
      ['/api/v1/profile', `Bearer ${API_KEY}`],
      ['/back', `Bearer ${API_KEY}`],
    ]);
  });

  it('refuses a redirect to a URL that is not HTTP, without retrying', async () => {
    const server = await serve(redirect(302, 'file:///etc/passwd'));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('redirected to a file: URL, which is not HTTP');
    expect(server.requests).toHaveLength(1);
  });

  it('gives up on a redirect loop (exit 1), without looping forever', async () => {
    const server = await serve(redirect(302, '/api/v1/profile'));
    const r = await hd(server.url, ['profile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('too many redirects');
    expect(server.requests.length).toBeLessThanOrEqual(6);
  });
});

describe('plain http', () => {
  it('refuses http:// to a remote host before any request (exit 2)', async () => {
    const { dispatcher, origins } = recordingDispatcher();
    const r = await hd('http://example.com', ['profile'], { dispatcher });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('would cross the network in clear');
    expect(r.stderr).toContain('--allow-insecure-http');
    expect(origins).toEqual([]);
  });

  it('--allow-insecure-http lets it try', async () => {
    const { dispatcher, origins } = recordingDispatcher();
    const r = await hd('http://healthdata.invalid', ['profile', '--allow-insecure-http'], {
      dispatcher,
    });
    expect(r.stderr).not.toContain('cross the network in clear');
    expect(origins).toEqual(['http://healthdata.invalid']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('could not resolve host healthdata.invalid');
  });

  it('parseBaseUrl: loopback over http is allowed, anything else needs the flag', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://localhost:3000/api',
      'http://api.localhost',
      'http://[::1]:8080',
      'https://example.com',
    ]) {
      expect(() => parseBaseUrl(url, false), url).not.toThrow();
    }
    for (const url of [
      'http://example.com',
      'http://10.0.0.1',
      'http://192.168.1.10:8080',
      'http://[::2]',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
    ]) {
      expect(() => parseBaseUrl(url, false), url).toThrow(UsageError);
      expect(() => parseBaseUrl(url, false), url).toThrow(/cross the network in clear/);
      expect(parseBaseUrl(url, true).protocol).toBe('http:');
    }
    expect(isLoopback('[::1]')).toBe(true);
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
  });

  it('over loopback http the request is sent', async () => {
    const server = await serve(ok(PROFILE));
    const r = await hd(server.url, ['profile', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});
