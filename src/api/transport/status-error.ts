// The single place where an HTTP status becomes an error.
import { excerpt, isRecord } from '../../lib/json.ts';
import { ApiError } from '../errors.ts';

const AUTH_HINT = "check HEALTHDATA_API_KEY or run 'healthdata config set api-key'";

export function errorFromResponse(
  status: number,
  bodyText: string,
  url: string,
  retryAfterMs?: number,
): ApiError {
  const detail = serverMessage(bodyText);
  const said = detail ? `: ${detail}` : '';
  let message: string;
  if (status === 401) message = `the API rejected the key (401)${said} — ${AUTH_HINT}`;
  else if (status === 403) message = `the API refused access (403)${said}`;
  else if (status === 404) message = `not found (404) at ${url}${said} — check the base URL`;
  else if (status === 408) message = `the server timed out waiting for the request (408)${said}`;
  else if (status === 429) message = `the API is rate limiting requests (429)${said}`;
  else if (status >= 500) message = `the server failed (${status})${said}`;
  else if (status >= 400) message = `the API rejected the request (${status})${said}`;
  else message = `unexpected HTTP status ${status} from ${url}${said}`;
  return new ApiError(status, message, bodyText, retryAfterMs);
}

/** The server's own words: `{"error":{"code","message"}}` when it sends that, else an excerpt. */
function serverMessage(bodyText: string): string {
  if (bodyText.trim() === '') return '';
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (isRecord(parsed)) {
      const error = parsed['error'];
      if (isRecord(error)) {
        const code = typeof error['code'] === 'string' ? error['code'] : '';
        const msg = typeof error['message'] === 'string' ? error['message'] : '';
        if (code || msg) return [code, msg].filter(Boolean).join(' — ');
      }
      if (typeof error === 'string') return error;
      if (typeof parsed['message'] === 'string') return parsed['message'];
    }
  } catch {
    // not JSON: fall through to an excerpt
  }
  return excerpt(bodyText);
}
