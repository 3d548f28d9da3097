// The single place where a failed connection becomes a NetworkError: undici's and the socket's
// codes, turned into one message that names the host and the likely fix.
import { AbortedError, NetworkError } from '../errors.ts';

/** Marks a body that did not arrive in full within the timeout. */
export const BODY_DEADLINE = 'HD_BODY_DEADLINE';
/** Marks a response whose headers did not arrive within the timeout (our own timer). */
export const HEADERS_DEADLINE = 'HD_HEADERS_DEADLINE';

// undici wraps socket errors (ECONNRESET inside UND_ERR_SOCKET, ...): use the most specific code.
export function errorCode(error: unknown): string | undefined {
  let found: string | undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (found === undefined || found === 'UND_ERR_SOCKET'))
      found = code;
    e = e.cause;
  }
  return found;
}

export function toNetworkError(
  error: unknown,
  url: URL,
  options: { timeoutMs: number; redact: (text: string) => string; proxy?: string | undefined },
  signal: AbortSignal | undefined,
): Error {
  if (signal?.aborted) {
    return signal.reason instanceof Error ? signal.reason : new AbortedError();
  }
  if (error instanceof NetworkError) return error;
  // Through a proxy, the connection that failed is the one to the proxy.
  const host = options.proxy !== undefined ? `the proxy ${options.proxy}` : url.host;
  const secs = `${Math.round(options.timeoutMs / 100) / 10} s`;
  const code = errorCode(error);
  const cause = { cause: error };
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new NetworkError(`timed out after ${secs} connecting to ${host}`, {
        ...cause,
        code: 'timeout',
      });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case HEADERS_DEADLINE:
      return new NetworkError(`timed out after ${secs} waiting for ${host} to respond`, {
        ...cause,
        code: 'timeout',
      });
    case 'UND_ERR_BODY_TIMEOUT':
    case BODY_DEADLINE:
      return new NetworkError(
        `timed out after ${secs} waiting for the rest of the response from ${host}`,
        { ...cause, code: 'timeout' },
      );
    case 'ECONNREFUSED':
      return new NetworkError(
        `could not connect to ${host} (connection refused) — ${options.proxy !== undefined ? 'check --proxy, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY' : 'is the base URL right and the server up?'}`,
        { ...cause, code: 'connection_refused' },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new NetworkError(`could not resolve host ${url.hostname} — check the base URL`, {
        ...cause,
        code: 'dns',
        retryable: code === 'EAI_AGAIN',
      });
    default: {
      const what = options.redact(error instanceof Error ? error.message : String(error));
      if (code !== undefined && /CERT|SSL|TLS|EPROTO/.test(code)) {
        return new NetworkError(tlsMessage(code, host), {
          ...cause,
          code: 'tls',
          retryable: false,
        });
      }
      return new NetworkError(
        `the connection to ${host} failed: ${what}${code ? ` (${code})` : ''}`,
        {
          ...cause,
          code: 'connection',
        },
      );
    }
  }
}

/** One line a person can act on, instead of OpenSSL's record-layer internals. */
function tlsMessage(code: string, host: string): string {
  if (/WRONG_VERSION_NUMBER|EPROTO|UNKNOWN_PROTOCOL|PACKET_LENGTH_TOO_LONG/.test(code)) {
    return `TLS failed with ${host}: the server does not speak TLS — is the URL http://?`;
  }
  if (/SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY|CERT_UNTRUSTED/.test(code)) {
    return `TLS failed with ${host}: its certificate is not signed by a trusted authority (${code}) — behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at its CA certificate`;
  }
  if (/CERT_HAS_EXPIRED/.test(code)) return `TLS failed with ${host}: its certificate has expired`;
  if (/ALTNAME|HOSTNAME/.test(code)) {
    return `TLS failed with ${host}: its certificate is for another host name (${code})`;
  }
  return `TLS failed with ${host} (${code})`;
}
