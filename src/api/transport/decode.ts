// Undoes the response's Content-Encoding (gzip, br, deflate, in reverse order of application),
// with the decoded size capped: a gzip bomb (a few hundred KB that inflate to gigabytes) stops
// at the cap instead of filling memory. Neither an oversize body nor an unknown coding gets
// better by asking again, so neither is retried.
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import type * as Zlib from 'node:zlib';
import { NetworkError } from '../errors.ts';

// node:zlib is loaded on the first compressed body, not at start-up: a one-request command
// answered uncompressed never needs it.
let zlib: typeof Zlib | undefined;
const loadZlib = (): typeof Zlib =>
  (zlib ??= createRequire(import.meta.url)('node:zlib') as typeof Zlib);

/** The default cap on a response body, compressed or decoded. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The body's bytes with every Content-Encoding undone. */
export function inflate(
  body: Buffer,
  encoding: string | undefined,
  status: number,
  maxBytes: number = MAX_BODY_BYTES,
): Buffer {
  // Content-Encoding lists codings in the order they were applied; undo them in reverse.
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  let data = body;
  const limit = { maxOutputLength: maxBytes };
  for (const coding of codings) {
    if (!['gzip', 'x-gzip', 'br', 'deflate'].includes(coding)) {
      throw new NetworkError(
        `the server sent the body in an unsupported content-encoding '${coding}' (status ${status}) — healthdata asks for gzip or br`,
        { code: 'bad_encoding', retryable: false },
      );
    }
    const z = loadZlib();
    try {
      if (coding === 'br') data = z.brotliDecompressSync(data, limit);
      else if (coding === 'deflate') data = z.inflateSync(data, limit);
      else data = z.gunzipSync(data, limit);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooLarge(maxBytes, 'decoded');
      throw new NetworkError(
        `could not decode the ${coding} response body (status ${status}): ${(error as Error).message}`,
        { code: 'bad_encoding', retryable: true },
      );
    }
  }
  return data;
}

export function tooLarge(maxBytes: number, what: 'decoded' | 'as sent'): NetworkError {
  return new NetworkError(
    `the response body is over ${Math.round(maxBytes / 1024 / 1024)} MiB ${what}, more than any page should be — not retried`,
    { code: 'body_too_large', retryable: false },
  );
}

/**
 * The body as UTF-8 text. An ASCII body (most pages) is the same text in latin1, which Node
 * copies byte for byte: many times faster than its UTF-8 decoder (profiled on full pages;
 * `npm run bench -- --only throughput`).
 */
export function text(data: Buffer): string {
  return isAscii(data) ? data.toString('latin1') : data.toString('utf8');
}
