import type { Reply } from './reply.ts';
import { errorReply } from './reply.ts';

const BEARER_RE = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const REALM = 'Bearer realm="healthdata-sandbox"';

/** The token of an `Authorization: Bearer` header; otherwise the 401 to send. */
export function bearerToken(header: string | undefined): string | Reply {
  if (header === undefined || header.trim() === '') {
    return errorReply(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>', {
      'WWW-Authenticate': REALM,
    });
  }
  const token = BEARER_RE.exec(header)?.[1];
  if (token !== undefined) return token;
  return errorReply(401, 'invalid_api_key', 'The Authorization header must use the Bearer scheme', {
    'WWW-Authenticate': `${REALM}, error="invalid_token"`,
  });
}

export function invalidKey(): Reply {
  return errorReply(401, 'invalid_api_key', 'The API key is not valid', {
    'WWW-Authenticate': `${REALM}, error="invalid_token"`,
  });
}
