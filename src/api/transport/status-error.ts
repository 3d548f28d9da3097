// The single place where an HTTP status becomes an error.
import { excerpt, isRecord } from '../../lib/json.ts';
import { visible } from '../../lib/visible.ts';
import { ApiError } from '../errors.ts';

const AUTH_HINT = "check HEALTHDATA_API_KEY or run 'healthdata config set api-key'";

/** Where the key came from (a flag, a variable, the config file) decides where to fix it. */
function authHint(keySource: string | undefined): string {
  if (keySource === undefined) return `the API rejected the key (401)`;
  return `the API rejected the key from ${keySource} (401)`;
}

function authFix(keySource: string | undefined): string {
  if (keySource === undefined) return AUTH_HINT;
  if (keySource.startsWith('--')) return `check the key you pass with ${keySource}`;
  if (keySource.startsWith('the config file')) {
    return "run 'healthdata config set api-key' to replace it";
  }
  // A profile's key never falls back to another (it is one person's), so unsetting it is no fix.
  const profile = /^profile '([^']+)'/.exec(keySource)?.[1];
  if (profile !== undefined) {
    return `run 'healthdata config set api-key --profile ${profile}' to replace it`;
  }
  return `check ${keySource}, or unset it to use the config file`;
}

export function errorFromResponse(
  status: number,
  bodyText: string,
  url: string,
  retryAfterMs?: number,
  keySource?: string,
): ApiError {
  // Server text never reaches a terminal raw: escape sequences are shown as escapes.
  const detail = visible(serverMessage(bodyText));
  const said = detail ? `: ${detail}` : '';
  let message: string;
  if (status === 401) message = `${authHint(keySource)}${said} — ${authFix(keySource)}`;
  else if (status === 403) {
    message = `the API refused access (403)${said} — the key lacks access to this; check its permissions in the dashboard`;
  } else if (status === 404) message = `not found (404) at ${url}${said} — check the base URL`;
  else if (status === 408) message = `the server timed out waiting for the request (408)${said}`;
  else if (status === 429) message = `the API is rate limiting requests (429)${said}`;
  else if (status >= 500) message = `the server failed (${status})${said}`;
  else if (status >= 400) message = `the API rejected the request (${status})${said}`;
  else message = `unexpected HTTP status ${status} from ${url}${said}`;
  return new ApiError(status, message, bodyText, retryAfterMs);
}

/** The server's own words: `{"error":{"code","message"}}` when it sends that, else an excerpt. */
export function serverMessage(bodyText: string): string {
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
