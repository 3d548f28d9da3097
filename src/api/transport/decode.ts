// Undoes the response's Content-Encoding (gzip, br, deflate, in reverse order of application).
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { NetworkError } from '../errors.ts';

export function decode(body: Buffer, encoding: string | undefined, status: number): string {
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
