// The access-token check of the OAuth mode on its own, with an injected clock, against tokens
// a real authorization server issued (oidc-provider, test/helpers/oidc-issuer.ts): `exp` with
// the clock skew either side, `nbf`, the issuer's metadata and keys fetched once, and an issuer
// that cannot be reached (503, neither good nor bad).
import { decodeJwt } from 'jose';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer } from 'node:http';
import { discoverJwksUri, IssuerUnavailableError } from '../../src/mcp/oauth/discovery.ts';
import { checkOAuthSettings } from '../../src/mcp/oauth/settings.ts';
import { CLOCK_SKEW_S, jwtVerifier } from '../../src/mcp/oauth/verify-jwt.ts';
import { SCOPE, startIssuer, type Issuer } from '../helpers/oidc-issuer.ts';

const RESOURCE = 'http://127.0.0.1:1/mcp';
let issuer: Issuer;

beforeAll(async () => {
  issuer = await startIssuer();
});
afterAll(async () => issuer?.close());

function settingsFor(issuerUrl: string) {
  return checkOAuthSettings(
    {
      issuer: { value: issuerUrl, source: '--oauth-issuer' },
      subject: { value: 'owner', source: '--oauth-subject' },
      scope: { value: SCOPE, source: '--oauth-scope' },
    },
    new URL(RESOURCE),
  );
}

describe('the OAuth token check', () => {
  it('takes the time from the injected clock: a token is good until exp plus the skew, and not before nbf minus it', async () => {
    let clock = 0;
    const fetched: string[] = [];
    const { verify } = jwtVerifier(settingsFor(issuer.url), {
      fetch: (url, init) => {
        fetched.push(new URL(url).pathname);
        return fetch(url, init);
      },
      now: () => clock,
    });
    const token = await issuer.token('owner', RESOURCE);
    const { exp, iat } = decodeJwt(token) as { exp: number; iat: number };

    clock = iat * 1000;
    expect(await verify(token)).toEqual({ ok: true, subject: 'owner' });
    clock = (exp + CLOCK_SKEW_S - 1) * 1000;
    expect(await verify(token)).toEqual({ ok: true, subject: 'owner' });
    clock = (exp + CLOCK_SKEW_S + 1) * 1000;
    expect(await verify(token)).toMatchObject({
      ok: false,
      refusal: 'invalid_token',
      reason: 'the token has expired',
    });

    const early = await issuer.sign({
      iss: issuer.url,
      aud: RESOURCE,
      sub: 'owner',
      scope: SCOPE,
      iat: 2_000_000_000,
      nbf: 2_000_000_000,
      exp: 2_000_000_600,
    });
    clock = (2_000_000_000 - CLOCK_SKEW_S - 1) * 1000;
    expect(await verify(early)).toMatchObject({ ok: false, refusal: 'invalid_token' });
    clock = (2_000_000_000 - CLOCK_SKEW_S + 1) * 1000;
    expect(await verify(early)).toEqual({ ok: true, subject: 'owner' });

    // The metadata and the key set were each read once for all of these.
    expect(fetched).toEqual(['/.well-known/oauth-authorization-server', '/jwks']);
  });

  it('answers "unavailable" while the issuer cannot be reached, and asks again on the next token', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    let calls = 0;
    const { verify } = jwtVerifier(settingsFor(`http://127.0.0.1:${port}`), {
      fetch: (url, init) => {
        calls += 1;
        return fetch(url, init);
      },
      now: () => Date.now(),
    });
    const token = await issuer.token('owner', RESOURCE);
    const first = await verify(token);
    expect(first).toMatchObject({ ok: false, refusal: 'unavailable' });
    expect((first as { reason: string }).reason).toMatch(
      /cannot read the authorization server's metadata/,
    );
    const before = calls;
    expect(await verify(token)).toMatchObject({ ok: false, refusal: 'unavailable' });
    expect(calls).toBeGreaterThan(before);
  });

  it("finds the keys through OpenID Connect discovery when RFC 8414's document is missing, and refuses metadata that names another issuer or keys in clear", async () => {
    let served: Record<string, unknown> = {};
    const asked: string[] = [];
    const server = createHttpServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/tenant/.well-known/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tenant = `${origin}/tenant`;
    try {
      served = { issuer: tenant, jwks_uri: `${origin}/keys` };
      expect((await discoverJwksUri(tenant, fetch)).href).toBe(`${origin}/keys`);
      // The order the MCP spec gives for an issuer with a path.
      expect(asked).toEqual([
        '/.well-known/oauth-authorization-server/tenant',
        '/.well-known/openid-configuration/tenant',
        '/tenant/.well-known/openid-configuration',
      ]);
      served = { issuer: `${tenant}/`, jwks_uri: `${origin}/keys` };
      const mismatch = discoverJwksUri(tenant, fetch);
      await expect(mismatch).rejects.toBeInstanceOf(IssuerUnavailableError);
      await expect(mismatch).rejects.toThrow(/names the issuer ".*\/tenant\/", not/);
      served = { issuer: tenant, jwks_uri: 'http://keys.example.com/jwks' };
      await expect(discoverJwksUri(tenant, fetch)).rejects.toThrow(/no https jwks_uri/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
