import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Layout before base64url: version (1) | row position (6, big-endian) | query hash (8) | HMAC (32).
// The HMAC (per-server random secret) makes it tamper-evident; the query hash binds it to the
// filters and dates it came from, but not to `limit`, so clients may resize pages as they go.
const VERSION = 1;
const PAYLOAD = 1 + 6 + 8;
const MAC = 32;
const TOKEN_RE = /^[A-Za-z0-9_-]+$/;

export type CursorCheck =
  { ok: true; position: number } | { ok: false; reason: 'malformed' | 'other_query' };

function queryHash(queryKey: string): Buffer {
  return createHash('sha256').update(queryKey).digest().subarray(0, 8);
}

export class CursorCodec {
  readonly #secret: Buffer;

  constructor(secret: Buffer = randomBytes(32)) {
    this.#secret = secret;
  }

  #mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.#secret).update(payload).digest();
  }

  encode(position: number, queryKey: string): string {
    const payload = Buffer.alloc(PAYLOAD);
    payload.writeUInt8(VERSION, 0);
    payload.writeUIntBE(position, 1, 6);
    queryHash(queryKey).copy(payload, 7);
    return Buffer.concat([payload, this.#mac(payload)]).toString('base64url');
  }

  decode(token: string, queryKey: string): CursorCheck {
    if (!TOKEN_RE.test(token)) return { ok: false, reason: 'malformed' };
    const raw = Buffer.from(token, 'base64url');
    // Re-encoding catches non-canonical spellings (stray trailing bits) of a valid cursor.
    if (raw.length !== PAYLOAD + MAC || raw.toString('base64url') !== token) {
      return { ok: false, reason: 'malformed' };
    }
    const payload = raw.subarray(0, PAYLOAD);
    if (!timingSafeEqual(raw.subarray(PAYLOAD), this.#mac(payload)) || raw[0] !== VERSION) {
      return { ok: false, reason: 'malformed' };
    }
    if (!payload.subarray(7).equals(queryHash(queryKey)))
      return { ok: false, reason: 'other_query' };
    return { ok: true, position: payload.readUIntBE(1, 6) };
  }
}

/** The canonical form of what a cursor is bound to: sorted filters, lower-cased providers. */
export function queryKey(
  metrics: readonly string[] | null,
  providers: readonly string[] | null,
  from: string | null,
  to: string | null,
): string {
  const norm = (xs: readonly string[] | null) => (xs === null ? null : [...new Set(xs)].sort());
  return JSON.stringify([
    norm(metrics),
    norm(providers?.map((p) => p.toLowerCase()) ?? null),
    from,
    to,
  ]);
}
