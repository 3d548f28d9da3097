// The OAuth mode of `healthdata mcp --http` against a real authorization server (oidc-provider
// on loopback, test/helpers/oidc-issuer.ts): the server publishes its protected resource
// metadata, answers 401 naming it, and serves only the owner's JWT access tokens for its own
// audience, unexpired, signed by the issuer, with the scope asked for. A refused request reads
// nothing from the API; the OAuth token never reaches it.
import {
  Client,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { connectHttp, post, startMcpHttp, type HttpServer } from '../helpers/mcp-http.ts';
import { CONNECTOR, SCOPE, startIssuer, type Issuer } from '../helpers/oidc-issuer.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();
let issuer: Issuer;
let server: HttpServer;
let configDir: string;

beforeAll(async () => {
  issuer = await startIssuer();
  configDir = tempDir();
  server = await startMcpHttp(
    {
      HEALTHDATA_CONFIG_DIR: configDir,
      HEALTHDATA_BASE_URL: sandbox.current.url,
      HEALTHDATA_API_KEY: sandbox.current.apiKey,
      // The subject comes from the environment twin, the rest from flags.
      HEALTHDATA_MCP_OAUTH_SUBJECT: 'owner',
    },
    ['--oauth-issuer', issuer.url, '--oauth-scope', SCOPE, '--verbose'],
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await issuer?.close();
});

const now = (): number => Math.floor(Date.now() / 1000);

describe('healthdata mcp --http --oauth-issuer: a resource server that lets in only its owner', () => {
  it('publishes its protected resource metadata and answers 401 with resource_metadata to a request without a token', async () => {
    const origin = new URL(server.url).origin;
    const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
    const mark = sandbox.current.requests.length;

    const response = await post(server.url, undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="${SCOPE}"`,
    );
    for (const url of [metadataUrl, `${origin}/.well-known/oauth-protected-resource`]) {
      const document = await fetch(url);
      expect(document.status, url).toBe(200);
      expect(await document.json()).toEqual({
        resource: server.url,
        authorization_servers: [issuer.url],
        bearer_methods_supported: ['header'],
        scopes_supported: [SCOPE],
        resource_name: 'healthdata',
      });
    }
    // The mcp-token's header is no credential here, nor is any other scheme.
    expect((await post(server.url, 'Basic b3duZXI6eA==')).status).toBe(401);
    expect((await post(server.url, 'Bearer')).status).toBe(401);
    await expect(connectHttp(server.url)).rejects.toThrow();
    expect(sandbox.current.requests.length).toBe(mark);
    // The OAuth mode makes no mcp-token.
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it('refuses, with 401 invalid_token and no API request, tokens for another audience, expired, signed by another key, or of another subject; 403 without the scope', async () => {
    const claims = { iss: issuer.url, aud: server.url, sub: 'owner', scope: SCOPE };
    const { privateKey: otherKey } = await generateKeyPair('ES256');
    const forged = (kid: string): Promise<string> =>
      new SignJWT({ ...claims, iat: now(), exp: now() + 300 })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
        .sign(otherKey);
    const refused: [string, string, RegExp][] = [
      [
        'another audience',
        await issuer.token('owner', 'https://elsewhere.example/mcp'),
        /another audience/,
      ],
      ['expired', await issuer.sign({ ...claims, iat: now() - 3600, exp: now() - 120 }), /expired/],
      [
        'not yet valid',
        await issuer.sign({ ...claims, iat: now(), nbf: now() + 600, exp: now() + 900 }),
        /nbf/,
      ],
      ['signed by another key, same kid', await forged('issuer-key-1'), /signature/],
      ['signed by another key, its own kid', await forged('attacker-key'), /none of the issuer/],
      ['another subject', await issuer.token('stranger', server.url), /not the server owner/],
      ['not a JWT', 'x'.repeat(43), /not a signed JWT/],
    ];
    const mark = sandbox.current.requests.length;
    for (const [what, token, reason] of refused) {
      const response = await post(server.url, `Bearer ${token}`);
      expect(response.status, what).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge, what).toMatch(/^Bearer error="invalid_token", error_description="/);
      expect(challenge, what).toContain('resource_metadata="');
      expect(challenge, what).toMatch(reason);
    }
    const scopeless = await issuer.token('owner', server.url, 'other:scope');
    const response = await post(server.url, `Bearer ${scopeless}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope".*scope="health:read"/,
    );
    expect(sandbox.current.requests.length).toBe(mark);
    // The server's log says why, and names the stranger's subject, never a token.
    const stderr = server.stderr();
    expect(stderr).toContain('refused a token: the token has expired');
    expect(stderr).toContain('its subject is "stranger"');
    for (const [, token] of refused) expect(stderr).not.toContain(token);
  });

  it("serves the owner's token for its audience: the SDK's client lists the tools and calls one, and the API never sees the token", async () => {
    const token = await issuer.token('owner', server.url);
    const mark = sandbox.current.requests.length;
    const client = await connectHttp(server.url, token);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('query_metrics');
    const result = await client.callTool({
      name: 'query_metrics',
      arguments: { metrics: ['steps_total'], from: addDays(TODAY, -3) },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.structuredContent)).toContain('steps_total');
    await client.close();
    // A token that expires within the clock skew (30 s) is still the owner's.
    const late = await issuer.sign({
      iss: issuer.url,
      aud: server.url,
      sub: 'owner',
      scope: SCOPE,
      iat: now() - 300,
      exp: now() - 5,
    });
    expect((await post(server.url, `Bearer ${late}`)).status).toBe(200);

    const seen = sandbox.current.requests.slice(mark);
    expect(seen.length).toBeGreaterThan(0);
    // The API is read with the user's own key; the OAuth token stops at this server.
    expect(JSON.stringify(sandbox.current.requests)).not.toContain(token);
    expect(JSON.stringify(sandbox.current.requests)).toContain(sandbox.current.apiKey);
    expect(server.stderr()).not.toContain(token);
    // The issuer was asked for its metadata and keys, once each: they are cached.
    const asked = issuer.requests.filter((p) => p.startsWith('/.well-known/') || p === '/jwks');
    expect(asked.filter((p) => p === '/jwks').length).toBeLessThanOrEqual(2);
    expect(asked.filter((p) => p.startsWith('/.well-known/')).length).toBe(1);
  });
});

describe('healthdata mcp --http --oauth-issuer: signing in as claude.ai does', () => {
  // The SDK's own OAuth client: it meets the 401, reads the resource metadata, finds the
  // issuer, and sends the person to sign in (authorization code with PKCE, RFC 8707 resource).
  function connector(): { provider: OAuthClientProvider; signInAt: () => URL } {
    let tokens: StoredOAuthTokens | undefined;
    let verifier = '';
    let at: URL | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: CONNECTOR.redirect,
      clientMetadata: {
        redirect_uris: [CONNECTOR.redirect],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      clientInformation: () => ({ client_id: CONNECTOR.id }),
      tokens: () => tokens,
      saveTokens: (saved) => void (tokens = saved),
      redirectToAuthorization: (url) => void (at = url),
      saveCodeVerifier: (saved) => void (verifier = saved),
      codeVerifier: () => verifier,
    };
    return {
      provider,
      signInAt: () => {
        if (at === undefined) throw new Error('the client was not sent to sign in');
        return at;
      },
    };
  }

  const open = async (provider: OAuthClientProvider): Promise<Client> => {
    const client = new Client({ name: 'connector-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { authProvider: provider }),
    );
    return client;
  };

  it('lets in the owner who signs in, and refuses another person of the same issuer', async () => {
    const mark = sandbox.current.requests.length;
    const owner = connector();
    await expect(open(owner.provider)).rejects.toThrow(/nauthorized/);
    const asked = owner.signInAt();
    expect(asked.origin).toBe(issuer.url);
    expect(asked.searchParams.get('resource')).toBe(server.url);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: owner.provider,
    });
    await transport.finishAuth(await issuer.signIn(asked, 'owner'));
    const client = await open(owner.provider);
    const result = await client.callTool({
      name: 'query_metrics',
      arguments: { metrics: ['steps_total'], from: addDays(TODAY, -3) },
    });
    expect(result.isError).toBeFalsy();
    await client.close();
    const token = (await owner.provider.tokens())?.access_token ?? '';
    expect(decodeJwt(token)).toMatchObject({ sub: 'owner', aud: server.url, iss: issuer.url });
    expect(sandbox.current.requests.length).toBeGreaterThan(mark);
    expect(JSON.stringify(sandbox.current.requests)).not.toContain(token);

    const before = sandbox.current.requests.length;
    const other = connector();
    await expect(open(other.provider)).rejects.toThrow(/nauthorized/);
    await new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: other.provider,
    }).finishAuth(await issuer.signIn(other.signInAt(), 'mallory'));
    await expect(open(other.provider)).rejects.toThrow();
    expect(sandbox.current.requests.length).toBe(before);
    expect(server.stderr()).toContain('its subject is "mallory"');
  });
});
