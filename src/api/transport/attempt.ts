// One GET attempt over an undici dispatcher: follows redirects (dropping the key when the
// origin changes), decodes gzip/br/deflate bodies, logs, and maps failures to errors.
import type { Dispatcher } from 'undici';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { AbortedError, NetworkError } from '../errors.ts';
import { parseRetryAfter } from './retry.ts';
import { errorFromResponse } from './status-error.ts';

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
    const text = decode(body, header(response.headers, 'content-encoding'), status);
    if (status < 200 || status >= 300) {
      const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), options.now());
      // A server may echo the key in an error body: it must not reach a message or a log.
      throw errorFromResponse(status, options.redact(text), options.redact(url.href), retryAfter);
    }
    return { status, text, contentType: header(response.headers, 'content-type') ?? '' };
  }
}

/** Marks a body that did not arrive in full within the timeout. */
const BODY_DEADLINE = 'HD_BODY_DEADLINE';

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

function decode(body: Buffer, encoding: string | undefined, status: number): string {
  // Content-Encoding lists codings in the order they were applied; undo them in reverse.
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  let data = body;
  for (const coding of codings) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') data = gunzipSync(data);
      else if (coding === 'br') data = brotliDecompressSync(data);
      else if (coding === 'deflate') data = inflateSync(data);
      else throw new Error(`unsupported content-encoding '${coding}'`);
    } catch (error) {
      throw new NetworkError(
        `could not decode the ${coding} response body (status ${status}): ${(error as Error).message}`,
        { code: 'bad_encoding', retryable: true },
      );
    }
  }
  return data.toString('utf8');
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== 'authorization') copy[key] = value;
  }
  return copy;
}

// undici wraps socket errors (ECONNRESET inside UND_ERR_SOCKET, ...): use the most specific code.
function errorCode(error: unknown): string | undefined {
  let found: string | undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (found === undefined || found === 'UND_ERR_SOCKET'))
      found = code;
    e = e.cause;
  }
  return found;
}

function toNetworkError(
  error: unknown,
  url: URL,
  options: HttpOptions,
  signal: AbortSignal | undefined,
): Error {
  if (signal?.aborted) {
    return signal.reason instanceof Error ? signal.reason : new AbortedError();
  }
  if (error instanceof NetworkError) return error;
  const host = url.host;
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
        `could not connect to ${host} (connection refused) — is the base URL right and the server up?`,
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
      if (code !== undefined && /CERT|SSL|TLS/.test(code)) {
        return new NetworkError(`TLS failure talking to ${host}: ${what}`, {
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
