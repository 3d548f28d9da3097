// Where the authorization server keeps its signing keys: its metadata (RFC 8414
// /.well-known/oauth-authorization-server, else OpenID Connect Discovery's
// openid-configuration), in the order the MCP authorization spec gives for an issuer with or
// without a path. The metadata must name the configured issuer exactly (RFC 8414 §3.3), or a
// server could hand out another issuer's keys.
import { isLoopback } from '../../api/transport/origin.ts';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;

/** The authorization server could not be asked: requests are answered 503 until it can. */
export class IssuerUnavailableError extends Error {
  override name = 'IssuerUnavailableError';
}

/** The metadata URLs to try for `issuer`, first match wins. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return [
    ...new Set([
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${url.origin}/.well-known/openid-configuration${path}`,
      `${url.origin}${path}/.well-known/openid-configuration`,
    ]),
  ];
}

/** The issuer's `jwks_uri`, from the first metadata document found. */
export async function discoverJwksUri(issuer: string, fetchFn: FetchLike): Promise<URL> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let response: Response;
    try {
      response = await fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      problems.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    const metadata = (await response.json().catch(() => undefined)) as
      { issuer?: unknown; jwks_uri?: unknown } | undefined;
    if (typeof metadata !== 'object' || metadata === null) {
      problems.push(`${url}: not a JSON object`);
      continue;
    }
    if (metadata.issuer !== issuer) {
      // Quoted as data, cut short: the document is the authorization server's, not ours.
      const named = JSON.stringify(String(metadata.issuer).slice(0, 200));
      throw new IssuerUnavailableError(
        `the metadata at ${url} names the issuer ${named}, not ${JSON.stringify(issuer)} — set the OAuth issuer to exactly the 'iss' of its tokens`,
      );
    }
    return jwksUriOf(metadata.jwks_uri, url);
  }
  throw new IssuerUnavailableError(
    `cannot read the authorization server's metadata (${problems.join('; ')})`,
  );
}

function jwksUriOf(value: unknown, from: string): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))
  ) {
    throw new IssuerUnavailableError(
      `the metadata at ${from} has no https jwks_uri: this server accepts only JWT access tokens it can check with the issuer's keys`,
    );
  }
  return url;
}
