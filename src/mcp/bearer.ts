// The credential `healthdata mcp --http` asks of every request (RFC 6750): an Authorization
// header `Bearer <token>`. Loopback and the Host/Origin checks keep out the web, not the other
// users and processes of this machine; the token does. A request without it, or with any other,
// gets 401 and never reaches the MCP handler, so nothing is read from the API for it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpAuth } from './http-auth.ts';

export type BearerVerdict = 'ok' | 'missing' | 'wrong';

// The scheme is case-insensitive (RFC 7235); the token is the rest of the header.
const BEARER = /^Bearer(?: +(.*))?$/i;

/**
 * The token an Authorization header carries: undefined when it carries no bearer credential
 * (none, or another scheme: Basic, Digest…, to which RFC 6750 §3.1 gives no error code), ''
 * for an empty one.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = BEARER.exec(header);
  return match ? (match[1]?.trim() ?? '') : undefined;
}

/** Whether `header` (the Authorization header, if sent) carries `expected`. */
export function checkBearer(header: string | undefined, expected: string): BearerVerdict {
  const presented = bearerTokenOf(header);
  if (presented === undefined) return 'missing';
  return sameToken(presented, expected) ? 'ok' : 'wrong';
}

/** The token mode: every request carries the config file's token, asked for each request. */
export function tokenAuth(token: () => Promise<string>): HttpAuth {
  return {
    check: async (header) => {
      const verdict = checkBearer(header, await token());
      return verdict === 'ok' ? undefined : unauthorized(verdict);
    },
  };
}

/**
 * Compared in constant time: the SHA-256 of each is, so neither the length of the token nor
 * how far a guess matches shows in the time the answer takes.
 */
function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && expected !== '';
}

/** The 401 answer: the challenge says what to send, and where the token comes from. */
export function unauthorized(verdict: Exclude<BearerVerdict, 'ok'>): Response {
  const given = verdict === 'wrong';
  const challenge = given
    ? 'Bearer realm="healthdata", error="invalid_token", error_description="the token is not this server\'s"'
    : 'Bearer realm="healthdata"';
  const description = given
    ? "the bearer token is not this server's"
    : 'send Authorization: Bearer <token>';
  return new Response(
    JSON.stringify({
      error: given ? 'invalid_token' : 'unauthorized',
      error_description: `${description}; 'healthdata config get mcp-token' prints it`,
    }),
    {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': challenge },
    },
  );
}
