// What the OAuth mode of `healthdata mcp --http` is told (--oauth-* flags, their
// HEALTHDATA_MCP_OAUTH_* twins or the config file; src/config/mcp-oauth.ts picks the source),
// checked once at start so a wrong value stops the server with one line instead of refusing
// every request.
import { isLoopback } from '../../api/transport/origin.ts';
import { UsageError } from '../../lib/errors.ts';

export interface OAuthSettings {
  /** The authorization server, exactly as its tokens' `iss` and its metadata's `issuer` say it. */
  issuer: string;
  /** This server's public URL (RFC 9728 `resource`), e.g. https://health.example.com/mcp. */
  resource: URL;
  /** The `aud` a token must carry: the resource URL unless the issuer names the API otherwise. */
  audiences: readonly string[];
  /** The `sub` of the one person let in: the owner's account at the issuer. */
  subject: string;
  /** Scopes every token must hold (none when empty). */
  scopes: readonly string[];
}

/** A setting as given, with where it came from (a flag, a variable, the config file). */
export interface Given {
  value: string;
  source: string;
}

export interface OAuthInputs {
  issuer: Given;
  subject?: Given | undefined;
  resource?: Given | undefined;
  audience?: Given | undefined;
  scope?: Given | undefined;
}

/**
 * The settings, checked. `ownUrl` is the server's own URL, the resource when none is given
 * (right for a client on the same machine; behind a proxy the public URL must be given).
 */
export function checkOAuthSettings(inputs: OAuthInputs, ownUrl: URL): OAuthSettings {
  const issuer = inputs.issuer.value.trim();
  checkUrl(issuer, inputs.issuer.source, 'issuer', true);
  if (inputs.subject === undefined || inputs.subject.value.trim() === '') {
    throw new UsageError(
      `the OAuth mode lets in one person: give your account's subject at ${issuer} (the 'sub' of your access tokens) with --oauth-subject, HEALTHDATA_MCP_OAUTH_SUBJECT or 'healthdata config set mcp-oauth-subject <sub>'`,
      'oauth_no_subject',
    );
  }
  let resource = ownUrl;
  if (inputs.resource !== undefined) {
    checkUrl(inputs.resource.value, inputs.resource.source, 'resource URL', false);
    resource = new URL(inputs.resource.value.trim());
  }
  // RFC 8707: an authorization server puts the resource the client asked for into `aud` as
  // it was asked, with or without a trailing slash.
  const audiences =
    inputs.audience === undefined
      ? [...new Set([resource.href, resource.href.replace(/\/$/, ''), `${resource.href}/`])]
      : [inputs.audience.value.trim()];
  const scopes = (inputs.scope?.value ?? '').split(/\s+/).filter((s) => s !== '');
  // RFC 6749 §3.3's scope-token: it goes into the challenge header as it is.
  if (!scopes.every((s) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) {
    throw new UsageError(
      `the OAuth scope from ${inputs.scope?.source ?? ''} is not a list of scope names (visible ASCII, no quote or backslash, separated by spaces)`,
      'oauth_bad_scope',
    );
  }
  return { issuer, resource, audiences, subject: inputs.subject.value.trim(), scopes };
}

/**
 * An absolute http(s) URL without a fragment or a query. The issuer must be https (its keys
 * decide who gets in: keys fetched in clear could be swapped) or plain http to this machine.
 */
function checkUrl(raw: string, source: string, what: string, secure: boolean): void {
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new UsageError(
      `the OAuth ${what} from ${source} is not an http(s) URL — give one such as https://auth.example.com`,
      'oauth_bad_url',
    );
  }
  if (url.hash !== '' || url.search !== '' || raw.includes('#') || raw.includes('?')) {
    throw new UsageError(
      `the OAuth ${what} from ${source} has a query or a fragment — give the URL without them`,
      'oauth_bad_url',
    );
  }
  if (secure && url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new UsageError(
      `the OAuth ${what} from ${source} is plain http:// to ${url.host}: its signing keys could be swapped on the way — use https://`,
      'oauth_insecure_issuer',
    );
  }
}
