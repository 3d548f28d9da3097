// The OAuth mode of `healthdata mcp --http`: the server is an OAuth 2.1 resource server
// (MCP authorization, 2025-06-18). Every request to /mcp carries an access token from the
// owner's authorization server, checked locally (./verify-jwt.ts); without one it gets 401
// naming the protected resource metadata (./resource-metadata.ts), where a client such as a
// claude.ai connector finds the issuer to sign in at. The token only opens this server: it is
// never sent on (serve-http.ts drops the header), and the Health API is read with the user's
// own key from the config, whoever's token this was.
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
} from '@modelcontextprotocol/server';
import { visible } from '../../lib/visible.ts';
import { bearerTokenOf } from '../bearer.ts';
import type { HttpAuth } from '../http-auth.ts';
import { resourceMetadataResponse, resourceMetadataUrl } from './resource-metadata.ts';
import type { OAuthSettings } from './settings.ts';
import type { TokenVerifier } from './verify-jwt.ts';

/** `onRefused` hears why a token was refused (for the server's log; never the token). */
export function oauthAuth(
  settings: OAuthSettings,
  verifier: TokenVerifier,
  onRefused: (reason: string) => void,
): HttpAuth {
  const metadataUrl = resourceMetadataUrl(settings);
  const challenge = { resourceMetadataUrl: metadataUrl, requiredScopes: [...settings.scopes] };
  return {
    hostnames: [settings.resource.hostname],
    publicDocument: (request) => resourceMetadataResponse(request, settings),
    check: async (header) => {
      const token = bearerTokenOf(header);
      if (token === undefined || token === '') return missing(metadataUrl, settings.scopes);
      const verdict = await verifier.verify(token);
      if (verdict.ok) return undefined;
      onRefused(
        verdict.refusal === 'invalid_token' && verdict.subject !== undefined
          ? `${verdict.reason} (its subject is ${visible(JSON.stringify(verdict.subject.slice(0, 200)))})`
          : verdict.reason,
      );
      if (verdict.refusal === 'unavailable') {
        return Response.json(
          {
            error: 'temporarily_unavailable',
            error_description: "the authorization server's keys cannot be read now",
          },
          { status: 503, headers: { 'retry-after': '30' } },
        );
      }
      const code =
        verdict.refusal === 'insufficient_scope'
          ? OAuthErrorCode.InsufficientScope
          : OAuthErrorCode.InvalidToken;
      return bearerAuthChallengeResponse(new OAuthError(code, verdict.reason), challenge);
    },
  };
}

/** No credential: RFC 6750 §3.1 gives no error code, only where to get one (RFC 9728 §5.1). */
function missing(metadataUrl: string, scopes: readonly string[]): Response {
  const scope = scopes.length > 0 ? `, scope="${scopes.join(' ')}"` : '';
  return Response.json(
    {
      error: 'invalid_token',
      error_description:
        'send Authorization: Bearer <access token> from the authorization server named in the resource metadata',
    },
    {
      status: 401,
      headers: { 'www-authenticate': `Bearer resource_metadata="${metadataUrl}"${scope}` },
    },
  );
}
