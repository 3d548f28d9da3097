import { timingSafeEqual } from 'node:crypto';
import type { Reply } from './reply.ts';
import { errorReply } from './reply.ts';

const BEARER_RE = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const REALM = 'Bearer realm="healthdata-sandbox"';

/** Null when the header carries the key; otherwise the 401 to send. */
export function checkBearer(header: string | undefined, key: Buffer): Reply | null {
  if (header === undefined || header.trim() === '') {
    return errorReply(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>', {
      'WWW-Authenticate': REALM,
    });
  }
  const token = BEARER_RE.exec(header)?.[1];
  const given = Buffer.from(token ?? '');
  // timingSafeEqual needs equal lengths; compare against the key itself so the work is the same.
  const same = given.length === key.length && timingSafeEqual(given, key);
  if (token !== undefined && same) return null;
  const message =
    token === undefined
      ? 'The Authorization header must use the Bearer scheme'
      : 'The API key is not valid';
  return errorReply(401, 'invalid_api_key', message, {
    'WWW-Authenticate': `${REALM}, error="invalid_token"`,
  });
}
