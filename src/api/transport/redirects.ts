// Follows redirects over single attempts, and composes the transport: the final response is
// decoded, and a non-success status becomes an error. The API key goes only to the configured
// origin: it is dropped from any request to another one.
import { NetworkError } from '../errors.ts';
import { attempt, header, type HttpOptions } from './attempt.ts';
import { decode } from './decode.ts';
import { parseRetryAfter } from './retry.ts';
import { errorFromResponse } from './status-error.ts';

export interface HttpResult {
  status: number;
  text: string;
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
      if (next.origin !== options.origin) {
        options.log?.(`redirected to ${next.origin}: not sending the API key there`);
      }
      url = next;
      continue;
    }
    const text = decode(response.body, header(response.headers, 'content-encoding'), status);
    if (status < 200 || status >= 300) {
      const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), options.now());
      // A server may echo the key in an error body: it must not reach a message or a log.
      throw errorFromResponse(status, options.redact(text), options.redact(url.href), retryAfter);
    }
    return { status, text, contentType: header(response.headers, 'content-type') ?? '' };
  }
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== 'authorization') copy[key] = value;
  }
  return copy;
}
