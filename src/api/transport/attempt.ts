// One GET attempt over an undici dispatcher: send the request, read the whole body within the
// timeout, and log the outcome. Redirects, decoding and statuses are handled by the callers
// (redirects.ts, decode.ts, status-error.ts), as undici splits its interceptors.
import type { Dispatcher } from 'undici';
import { BODY_DEADLINE, toNetworkError } from './network-error.ts';

export interface HttpOptions {
  dispatcher: Dispatcher;
  /** The configured origin: the only one that is ever sent the Authorization header. */
  origin: string;
  headers: Record<string, string>;
  timeoutMs: number;
  now: () => number;
  log: ((line: string) => void) | undefined;
  redact: (text: string) => string;
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
  let response: Dispatcher.ResponseData;
  try {
    response = await options.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'GET',
      headers,
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  } catch (error) {
    throw failed(toNetworkError(error, url, options, signal), url, started, options);
  }
  const { statusCode: status } = response;
  let body: Buffer;
  try {
    body = await readBody(response.body, options.timeoutMs);
  } catch (error) {
    throw failed(toNetworkError(error, url, options, signal), url, started, options);
  }
  options.log?.(`GET ${options.redact(url.href)} → ${status} (${elapsed(started, options)} ms)`);
  return { status, headers: response.headers, body };
}

async function readBody(body: Dispatcher.ResponseData['body'], timeoutMs: number): Promise<Buffer> {
  // undici's bodyTimeout only bounds the gap between chunks: a server trickling a byte at a
  // time would hold the request forever. The whole body gets the timeout too.
  const deadline = setTimeout(
    () => body.destroy(Object.assign(new Error('body deadline'), { code: BODY_DEADLINE })),
    timeoutMs,
  );
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
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
