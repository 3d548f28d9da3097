// A real OAuth 2.1 authorization server on 127.0.0.1 for the OAuth mode of `healthdata mcp
// --http`: oidc-provider with the client credentials grant and resource indicators (RFC 8707),
// issuing JWT access tokens (RFC 9068) for the resource a client asks for. Its signing key is
// made here, so a test can also sign tokens the issuer would never issue (expired ones).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export const SCOPE = 'health:read';

export interface Issuer {
  /** http://127.0.0.1:PORT, the `iss` of its tokens */
  url: string;
  /** Every path asked of it, in order. */
  requests: string[];
  /** A client credentials token for `resource`, as the issuer issues it. */
  token(client: 'owner' | 'stranger', resource: string, scope?: string): Promise<string>;
  /**
   * Signs `login` in at `authorizationUrl` as a person would in a browser (the login form, then
   * the consent form, cookies kept), and returns the callback's query (`code`, `iss`, `state`).
   */
  signIn(authorizationUrl: URL, login: string): Promise<URLSearchParams>;
  /** A token signed with the issuer's own key, with the claims given. */
  sign(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

/** The public client that signs people in (authorization code with PKCE). */
export const CONNECTOR = { id: 'connector', redirect: 'http://127.0.0.1:9/callback' };

const SECRETS = { owner: 'owner-secret-0123456789', stranger: 'stranger-secret-0123456789' };

export async function startIssuer(): Promise<Issuer> {
  const requests: string[] = [];
  // Its URL is its issuer name, known once it listens: the provider answers from then on.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = 'issuer-key-1';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
  const client = (id: keyof typeof SECRETS) => ({
    client_id: id,
    client_secret: SECRETS[id],
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    id_token_signed_response_alg: 'ES256',
  });
  const provider = new Provider(url, {
    clients: [
      client('owner'),
      client('stranger'),
      // A public client signing a person in, as a claude.ai connector does.
      {
        client_id: CONNECTOR.id,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [CONNECTOR.redirect],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-cookie-key-for-the-test-issuer'] },
    ttl: { ClientCredentials: 300 },
    features: {
      // Its built-in login and consent pages: any login name is an account of that `sub`.
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: `${SCOPE} other:scope`,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    handle(req, res);
  });

  return {
    url,
    requests,
    token: async (id, resource, scope = SCOPE) => {
      const response = await fetch(`${url}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${id}:${SECRETS[id]}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (response.status !== 200 || body.access_token === undefined) {
        throw new Error(`token request: ${response.status} ${JSON.stringify(body)}`);
      }
      return body.access_token;
    },
    signIn: (authorizationUrl, login) => signIn(authorizationUrl, login),
    sign: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' }).sign(privateKey),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Follows the authorization request through the login and consent pages to the callback. */
async function signIn(authorizationUrl: URL, login: string): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl.href;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location !== null) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.href.startsWith(CONNECTOR.redirect)) return next.searchParams;
      url = next.href;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${page}`);
    // The login page asks for a name; the consent page only for a yes.
    form = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('sign-in: no callback after 20 steps');
}
