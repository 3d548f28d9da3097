// Proxies, through the built binary (the bundle's slim undici must carry the proxy agent):
// the usual variables in both cases, NO_PROXY, --proxy, and a proxy that is not there. The
// proxy is a real one (test/helpers/connect-proxy.ts): plain http goes to it in absolute
// form, as curl sends it; https is tunnelled with CONNECT.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { API_KEY, closedPort, PROFILE } from '../helpers/test-server.ts';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli } from '../helpers/spawn.ts';

const sandbox = useSandbox();
const proxies: ConnectProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
const proxy = async (): Promise<ConnectProxy> => {
  const p = await startConnectProxy();
  proxies.push(p);
  return p;
};
const base = () => ({
  HEALTHDATA_BASE_URL: sandbox.current.url,
  HEALTHDATA_API_KEY: sandbox.current.apiKey,
});
const target = () => new URL(sandbox.current.url).host;

describe('proxies', () => {
  for (const name of ['HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']) {
    it(`${name} routes requests through the proxy`, async () => {
      const p = await proxy();
      const result = await spawnCli(['profile', '-f', 'json'], {
        env: { ...base(), [name]: p.url },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(p.requests.map((r) => r.target)).toEqual([`${sandbox.current.url}/api/v1/profile`]);
      expect(p.connects).toEqual([]);
    });
  }

  it('NO_PROXY (either case) sends matching hosts directly', async () => {
    for (const name of ['NO_PROXY', 'no_proxy']) {
      const p = await proxy();
      const result = await spawnCli(['profile'], {
        env: { ...base(), HTTP_PROXY: p.url, [name]: 'example.com,127.0.0.1' },
      });
      expect(result.code).toBe(0);
      expect(p.connects).toEqual([]);
      expect(p.requests).toEqual([]);
    }
  });

  it('--proxy wins over the environment, and its credentials reach the proxy only', async () => {
    const used = await proxy();
    const ignored = await proxy();
    const withAuth = used.url.replace('http://', 'http://user:s3cret@');
    const result = await spawnCli(['profile', '--proxy', withAuth, '--verbose'], {
      env: { ...base(), HTTP_PROXY: ignored.url },
    });
    expect(result.code).toBe(0);
    expect(used.requests).toHaveLength(1);
    expect(used.requests[0]?.auth).toBe(`Basic ${Buffer.from('user:s3cret').toString('base64')}`);
    expect(ignored.requests).toEqual([]);
    expect(result.stderr).toContain(`using the proxy ${used.url}`);
    expect(result.stderr).not.toContain('s3cret');
  });

  it('plain http goes to the proxy in absolute form: a Squid that refuses CONNECT to port 80 serves it', async () => {
    // http://localhost is port 80; the proxy, not the client, finds where that is.
    const p = await startConnectProxy({ hosts: { 'localhost:80': target() } });
    proxies.push(p);
    const result = await spawnCli(['profile', '-f', 'json', '--retries', '0', '--timeout', '5'], {
      env: { ...base(), HEALTHDATA_BASE_URL: 'http://localhost', HTTP_PROXY: p.url },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ plan: expect.anything() as unknown });
    expect(p.requests.map((r) => r.target)).toEqual(['http://localhost/api/v1/profile']);
    // Never a tunnel, which this proxy (as Squid by default) refuses to port 80.
    expect(p.connects).toEqual([]);
  });

  it('an unsupported proxy scheme is a usage error', async () => {
    const result = await spawnCli(['profile'], {
      env: { ...base(), ALL_PROXY: 'socks5://127.0.0.1:1080' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('uses socks5://, which is not supported');
  });

  it('a proxy that is not there fails with exit 1 in one line', async () => {
    const port = await closedPort();
    const result = await spawnCli(
      ['profile', '--retries', '0', '--proxy', `http://127.0.0.1:${port}`],
      {
        env: base(),
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `healthdata: error: could not connect to the proxy http://127.0.0.1:${port} (connection refused) — check --proxy, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY\n`,
    );
  });
});

describe('https through a proxy, with a private CA', () => {
  it('HTTPS_PROXY (or https_proxy) tunnels to an https API; NODE_EXTRA_CA_CERTS makes its certificate trusted', async () => {
    const dir = tempDir();
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const server = createServer(
      { key: readFileSync(key), cert: readFileSync(cert) },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(PROFILE);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const p = await proxy();
      const env = {
        HEALTHDATA_BASE_URL: `https://127.0.0.1:${port}`,
        HEALTHDATA_API_KEY: API_KEY,
        HTTPS_PROXY: p.url,
      };
      const untrusted = await spawnCli(['profile', '--retries', '0'], { env });
      expect(untrusted.code).toBe(1);
      expect(untrusted.stderr).toContain('not signed by a trusted authority');
      expect(untrusted.stderr).toContain('NODE_EXTRA_CA_CERTS');
      const trusted = await spawnCli(['profile', '-f', 'json'], {
        env: { ...env, NODE_EXTRA_CA_CERTS: cert },
      });
      expect(trusted.stderr).toBe('');
      expect(trusted.code).toBe(0);
      expect(trusted.stdout).toBe(`${PROFILE}\n`);
      // The lower-case spelling, https_proxy, tunnels the same way.
      const lower = await spawnCli(['profile', '-f', 'json'], {
        env: { ...env, HTTPS_PROXY: undefined, https_proxy: p.url, NODE_EXTRA_CA_CERTS: cert },
      });
      expect(lower.stderr).toBe('');
      expect(lower.stdout).toBe(`${PROFILE}\n`);
      expect(p.connects.map((c) => c.target)).toEqual(
        Array.from({ length: 3 }, () => `127.0.0.1:${port}`),
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
