// Checks an OAuth access token as a JWT (RFC 9068), locally: its signature against the
// issuer's published keys (JWKS, found through its metadata and cached), `iss`, `exp` and
// `nbf` with a small clock skew, `aud` (RFC 8707: this server's resource URL), the owner's
// `sub`, and the scopes asked for. Time comes from the injected clock, never Date.now().
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { discoverJwksUri, IssuerUnavailableError, type FetchLike } from './discovery.ts';
import type { OAuthSettings } from './settings.ts';

/** Seconds a token's `exp`/`nbf` may be off: two clocks that agree within this are one clock. */
export const CLOCK_SKEW_S = 30;

// Asymmetric signatures only: a shared secret (HS256) would let whoever holds it mint tokens,
// and `none` is no signature at all.
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

export type TokenVerdict =
  | { ok: true; subject: string }
  /** Not a token of this server's owner: 401. `subject`: a well-signed token's other owner. */
  | { ok: false; refusal: 'invalid_token'; reason: string; subject?: string }
  | { ok: false; refusal: 'insufficient_scope'; reason: string }
  /** The issuer's keys could not be read: 503, the token neither good nor bad. */
  | { ok: false; refusal: 'unavailable'; reason: string };

export interface VerifierDeps {
  fetch: FetchLike;
  /** The real time in ms (a moved "today" must not move token lifetimes). */
  now: () => number;
}

export interface TokenVerifier {
  verify(token: string): Promise<TokenVerdict>;
  /** Finds the issuer's keys now (at start): what is wrong if it cannot, else undefined. */
  prepare(): Promise<string | undefined>;
}

export function jwtVerifier(settings: OAuthSettings, deps: VerifierDeps): TokenVerifier {
  // Found once and kept; a failure is forgotten, so the next request asks again.
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const jwks = (): Promise<ReturnType<typeof createRemoteJWKSet>> => {
    keys ??= discoverJwksUri(settings.issuer, deps.fetch).then((uri) =>
      createRemoteJWKSet(uri, {
        // A key the set lacks (a rotation) fetches it again, at most every 30 s.
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
        timeoutDuration: 10_000,
        [customFetch]: (url: string, init: RequestInit) => deps.fetch(url, init),
      }),
    );
    keys.catch(() => (keys = undefined));
    return keys;
  };

  const prepare = async (): Promise<string | undefined> => {
    try {
      await jwks();
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  const verify = async (token: string): Promise<TokenVerdict> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await jwks(), {
        issuer: settings.issuer,
        audience: [...settings.audiences],
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_SKEW_S,
        currentDate: new Date(deps.now()),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      return refusalOf(error);
    }
    if (payload.sub !== settings.subject) {
      return {
        ok: false,
        refusal: 'invalid_token',
        reason: "the token is not the server owner's",
        subject: String(payload.sub),
      };
    }
    const held = scopesOf(payload);
    const missing = settings.scopes.filter((s) => !held.includes(s));
    if (missing.length > 0) {
      return {
        ok: false,
        refusal: 'insufficient_scope',
        reason: `the token lacks the scope ${missing.join(' ')}`,
      };
    }
    return { ok: true, subject: payload.sub };
  };
  return { verify, prepare };
}

/** `scope` (RFC 9068: space-separated) or `scp` (a list, as some issuers send). */
function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ');
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === 'string');
  if (typeof scp === 'string') return scp.split(' ');
  return [];
}

function refusalOf(error: unknown): TokenVerdict {
  const invalid = (reason: string): TokenVerdict => ({
    ok: false,
    refusal: 'invalid_token',
    reason,
  });
  if (error instanceof IssuerUnavailableError) {
    return { ok: false, refusal: 'unavailable', reason: error.message };
  }
  if (error instanceof errors.JWTExpired) return invalid('the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return invalid(
      error.claim === 'aud'
        ? 'the token is for another audience, not this server'
        : `the token's ${error.claim} claim is not accepted (${error.reason})`,
    );
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalid("the token is signed with none of the issuer's keys");
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid("the token's signature does not verify");
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return invalid("the token's signing algorithm is not accepted");
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return invalid('the token is not a signed JWT');
  }
  // The key set could not be fetched (network, timeout, not a key set): nobody can tell.
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError) ||
    error.code === errors.JOSEError.code
  ) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      refusal: 'unavailable',
      reason: `cannot read the issuer's keys (${why})`,
    };
  }
  return invalid(`the token is not accepted (${error.code})`);
}
