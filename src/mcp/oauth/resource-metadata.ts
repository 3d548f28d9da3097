// This server's OAuth Protected Resource Metadata (RFC 9728), which tells a client that meets
// a 401 which authorization server to get a token from, and for which resource. Served to
// anyone, without a credential: it names the issuer and this server's URL, nothing more.
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import type { OAuthSettings } from './settings.ts';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** Where the document is, as the 401's `resource_metadata` names it (path-suffixed, RFC 9728 §3.1). */
export function resourceMetadataUrl(settings: OAuthSettings): string {
  return getOAuthProtectedResourceMetadataUrl(settings.resource);
}

export function resourceMetadata(settings: OAuthSettings): Record<string, unknown> {
  return {
    resource: settings.resource.href,
    authorization_servers: [settings.issuer],
    bearer_methods_supported: ['header'],
    ...(settings.scopes.length > 0 ? { scopes_supported: settings.scopes } : {}),
    resource_name: 'healthdata',
  };
}

/**
 * The document, when `request` asks for it: at the path-suffixed well-known URL of the
 * resource (/.well-known/oauth-protected-resource/mcp) and at the bare one, which clients
 * before the path-suffixed form try.
 */
export function resourceMetadataResponse(
  request: Request,
  settings: OAuthSettings,
): Response | undefined {
  const path = new URL(request.url).pathname.replace(/(.)\/$/, '$1');
  const own = settings.resource.pathname.replace(/\/$/, '');
  if (path !== WELL_KNOWN && path !== `${WELL_KNOWN}${own}`) return undefined;
  // A browser-based client reads it from another origin.
  const cors = { 'access-control-allow-origin': '*' };
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: { ...cors, 'access-control-allow-methods': 'GET, HEAD, OPTIONS' },
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { ...cors, allow: 'GET, HEAD, OPTIONS' } });
  }
  const body = request.method === 'HEAD' ? null : JSON.stringify(resourceMetadata(settings));
  return new Response(body, {
    headers: { ...cors, 'content-type': 'application/json', 'cache-control': 'max-age=300' },
  });
}
