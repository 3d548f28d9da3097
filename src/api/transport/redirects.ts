// Follows redirects over single attempts, and composes the transport: the final response is
// decoded, and a non-success status becomes an error. The API key goes only to the configured
// origin: it is dropped from any request to another one.
import { NetworkError } from '../errors.ts';
import { attempt, header, type HttpOptions } from './attempt.ts';
import { inflate, text as textOf } from './decode.ts';
import { isLoopback } from './origin.ts';
import { parseRetryAfter } from './retry.ts';
import { errorFromResponse } from './status-error.ts';

export interface HttpResult {
  status: number;
  /**
   * The body, decoded from its Content-Encoding: bytes, not text. A page's rows are written
   * from these bytes (canonical-proof.ts), so its text need not live on the JS heap.
   */
  body: Buffer;
  contentType: string;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function httpGet(
  start: URL,
  options: HttpOptions,
  signal?: AbortSignal,
): Promise<HttpResult> {
  let url = start;
  for (let hops = 0; ; hops++) {
    const headers =
      url.origin === options.origin ? options.headers : withoutAuthorization(options.headers);
    const response = await attempt(url, headers, options, signal);
    const { status } = response;
    const location = header(response.headers, 'location');
    if (REDIRECTS.has(status) && location !== undefined) {
      if (hops >= MAX_REDIRECTS) {
        throw new NetworkError(`too many redirects from ${options.redact(start.href)}`, {
          code: 'redirect_loop',
          retryable: false,
        });
      }
      const next = new URL(location, url);
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        throw new NetworkError(
          `the server redirected to a ${next.protocol} URL, which is not HTTP`,
          {
            code: 'bad_redirect',
            retryable: false,
          },
        );
      }
      // Another origin would get the request without the key and answer 401, which reads as
      // a bad key. Say what happened instead; plain http off this machine is refused outright.
      if (next.origin !== options.origin) throw crossOrigin(next);
      url = next;
      continue;
    }
    const ok = status >= 200 && status < 300;
    let body: Buffer;
    try {
      body = inflate(
        response.body,
        header(response.headers, 'content-encoding'),
        status,
        options.maxBodyBytes,
      );
    } catch (error) {
      // An error's status is what counts; a body that will not decode (an empty gzip 401)
      // must not turn it into a retried decoding failure.
      if (ok) throw error;
      body = Buffer.alloc(0);
    }
    if (!ok) {
      const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), options.now());
      // A server may echo the key in an error body: it must not reach a message or a log.
      throw errorFromResponse(
        status,
        options.redact(textOf(body)),
        options.redact(url.href),
        retryAfter,
        options.keySource,
      );
    }
    return { status, body, contentType: header(response.headers, 'content-type') ?? '' };
  }
}

function crossOrigin(next: URL): NetworkError {
  const origin = next.origin;
  if (next.protocol === 'http:' && !isLoopback(next.hostname)) {
    return new NetworkError(
      `the base URL redirects to ${origin}, plain http to a host that is not loopback — refused: the key would cross the network in clear`,
      { code: 'insecure_redirect', retryable: false },
    );
  }
  return new NetworkError(`the base URL redirects to ${origin}; use that as the base URL`, {
    code: 'redirect_origin',
    retryable: false,
  });
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== 'authorization') copy[key] = value;
  }
  return copy;
}
