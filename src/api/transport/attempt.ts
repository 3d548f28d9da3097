// One GET attempt over an undici dispatcher: send the request, read the whole body within the
// timeout, and log the outcome. Redirects, decoding and statuses are handled by the callers
// (redirects.ts, decode.ts, status-error.ts), as undici splits its interceptors.
import type { Dispatcher } from 'undici';
import { MAX_BODY_BYTES, tooLarge } from './decode.ts';
import { BODY_DEADLINE, HEADERS_DEADLINE, toNetworkError } from './network-error.ts';
import { linkedController } from '../../lib/abort.ts';

export interface HttpOptions {
  dispatcher: Dispatcher;
  /** The configured origin: the only one that is ever sent the Authorization header. */
  origin: string;
  headers: Record<string, string>;
  timeoutMs: number;
  now: () => number;
  log: ((line: string) => void) | undefined;
  redact: (text: string) => string;
  /** Where the key came from, for the message of a 401. */
  keySource?: string | undefined;
  /** The proxy's origin when requests go through one: connection failures are its, then. */
  proxy?: string | undefined;
  /** Cap on a body, compressed and decoded (default MAX_BODY_BYTES). */
  maxBodyBytes?: number | undefined;
}

export interface RawResponse {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Buffer;
}

export async function attempt(
  url: URL,
  headers: Record<string, string>,
  options: HttpOptions,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  const started = options.now();
  // The request's own controller: aborted by the caller's signal, or by the headers deadline.
  // undici times headers with its coarse timers (about a second's resolution), so --timeout 0.2
  // waited a second; a native timer holds sub-second timeouts too. It stops at the headers: the
  // body has its own deadline (readBody).
  const { controller, release } = linkedController(signal);
  const timer = setTimeout(
    () =>
      controller.abort(Object.assign(new Error('headers deadline'), { code: HEADERS_DEADLINE })),
    options.timeoutMs,
  );
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await options.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'GET',
        headers,
        signal: controller.signal,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
    } catch (error) {
      throw failed(toNetworkError(error, url, options, signal), url, started, options);
    } finally {
      clearTimeout(timer);
    }
    const { statusCode: status } = response;
    let body: Buffer;
    try {
      body = await readBody(
        response.body,
        options.timeoutMs,
        options.maxBodyBytes ?? MAX_BODY_BYTES,
      );
    } catch (error) {
      throw failed(toNetworkError(error, url, options, signal), url, started, options);
    }
    options.log?.(`GET ${options.redact(url.href)} → ${status} (${elapsed(started, options)} ms)`);
    return { status, headers: response.headers, body };
  } finally {
    release();
  }
}

async function readBody(
  body: Dispatcher.ResponseData['body'],
  timeoutMs: number,
  maxBytes: number,
): Promise<Buffer> {
  // undici's bodyTimeout only bounds the gap between chunks: a server trickling a byte at a
  // time would hold the request forever. The whole body gets the timeout too.
  const deadline = setTimeout(
    () => body.destroy(Object.assign(new Error('body deadline'), { code: BODY_DEADLINE })),
    timeoutMs,
  );
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      // Stop reading at the cap: the rest of an endless body is never buffered.
      if (size > maxBytes) {
        body.destroy();
        throw tooLarge(maxBytes, 'as sent');
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(deadline);
  }
  // The body ends a moment before undici marks its connection free again: a request sent at
  // once (the next page, an instant retry) would open a second connection instead of reusing it.
  await new Promise((resolve) => setImmediate(resolve));
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

function elapsed(started: number, options: HttpOptions): number {
  return Math.round(options.now() - started);
}

/** Logs an attempt that got no complete response, like the ones that did. */
function failed(error: Error, url: URL, started: number, options: HttpOptions): Error {
  options.log?.(
    `GET ${options.redact(url.href)} → failed: ${error.message} (${elapsed(started, options)} ms)`,
  );
  return error;
}

export function header(
  headers: Dispatcher.ResponseData['headers'],
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
