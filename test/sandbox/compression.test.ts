// The sandbox's optional gzip: off by default, and on only for clients that ask for it.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../src/sandbox/compression.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

/** A raw GET (fetch would decode gzip behind our back). */
function rawGet(
  sb: Sandbox,
  path: string,
  acceptEncoding?: string,
): Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  const headers: Record<string, string> = { authorization: `Bearer ${sb.apiKey}` };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    request(`${sb.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as RFC 9110 does, q=0 meaning "not this"', () => {
    for (const yes of ['gzip', 'GZIP', 'br, gzip', 'x-gzip', '*', 'gzip;q=0.5', 'br;q=1, *;q=0.1'])
      expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [
      undefined,
      '',
      'br',
      'identity',
      'gzip;q=0',
      '*;q=0',
      'gzip;q=0, *',
      'deflate',
    ])
      expect(acceptsGzip(no), String(no)).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
  });
});

describe('sandbox without compress (the default)', () => {
  const sandbox = useSandbox();
  it('answers in identity encoding even when gzip is asked for', async () => {
    const got = await rawGet(sandbox.current, '/api/v1/profile', 'gzip');
    expect(got.encoding).toBeUndefined();
    expect(JSON.parse(got.body.toString('utf8'))).toHaveProperty('meta');
  });
});

describe('sandbox with compress', () => {
  const plain = useSandbox({ plan: 'pro' });
  const sandbox = useSandbox({ plan: 'pro', compress: true });

  it('gzips for a client that asks, and only then', async () => {
    const path = '/api/v1/metrics?limit=1000';
    const zipped = await rawGet(sandbox.current, path, 'gzip, br');
    const identity = await rawGet(sandbox.current, path);
    const refused = await rawGet(sandbox.current, path, 'gzip;q=0');
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.vary).toBe('Accept-Encoding');
    expect(identity.encoding).toBeUndefined();
    expect(refused.encoding).toBeUndefined();
    expect(gunzipSync(zipped.body).equals(identity.body)).toBe(true);
    // JSON compresses well even at level 1: the point of the option.
    expect(zipped.body.length).toBeLessThan(identity.body.length / 4);
  });

  it('gives the CLI the same export as an uncompressed server', async () => {
    const clock = fixedClock(TODAY);
    const args = ['metrics', '--from', '60d', '-f', 'csv'];
    const a = await runCli(
      [...args, '--base-url', plain.current.url, '--api-key', plain.current.apiKey],
      { clock },
    );
    const b = await runCli(
      [...args, '--base-url', sandbox.current.url, '--api-key', sandbox.current.apiKey],
      { clock },
    );
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(b.stdout.split('\n').length).toBeGreaterThan(1000);
    const last = sandbox.current.requests.at(-1);
    expect(last?.headers['accept-encoding']).toContain('gzip');
  });
});
