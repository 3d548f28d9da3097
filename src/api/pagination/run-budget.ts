// What one run may read of a server's pagination, whatever the server sends. A server that hands
// out non-empty pages forever, each with a fresh cursor, would otherwise run until the machine gave
// out: the set of cursors kept for loop detection grew by every cursor (long cursors took an
// export's memory into gigabytes within a minute). Now loop detection keeps a fixed-size digest per
// cursor, and a run stops, with one line and exit 1, past a bound on pages and on cursor bytes. The
// defaults are far above any honest export: a 63M-row history (a sample every 5 s for ten years) is
// 63,000 full pages, and a cursor is usually tens of bytes (the bound on cursor bytes allows
// 100,000 pages of 335-byte cursors).
import { ProtocolError } from '../errors.ts';
import { byteSize } from '../../lib/sizes.ts';

export interface RunBounds {
  /** Pages one run reads, over all its paginations (--parallel partitions share it). */
  maxPages: number;
  /** Bytes of all the cursors one run follows. */
  maxCursorBytes: number;
}

export const DEFAULT_BOUNDS: RunBounds = {
  maxPages: 100_000,
  maxCursorBytes: 32 * 1024 * 1024,
};

/** Counts the pages and cursor bytes of one run; shared by every pagination of the run. */
export class RunBudget {
  readonly #bounds: RunBounds;
  #pages = 0;
  #cursorBytes = 0;

  constructor(bounds: RunBounds = DEFAULT_BOUNDS) {
    this.#bounds = bounds;
  }

  /** A page arrived and says there is more at `cursor`: throws past a bound. */
  follow(cursor: string): void {
    this.#pages++;
    this.#cursorBytes += Buffer.byteLength(cursor);
    const { maxPages, maxCursorBytes } = this.#bounds;
    if (this.#pages >= maxPages) {
      throw new ProtocolError(
        `the API has sent ${count(this.#pages)} pages and still gives a next_cursor: stopping at ${count(maxPages)}, the most one run reads — narrow the range with --from/--to or -m`,
        'too_many_pages',
      );
    }
    if (this.#cursorBytes > maxCursorBytes) {
      throw new ProtocolError(
        `the API's cursors add up to over ${byteSize(maxCursorBytes)} in ${count(this.#pages)} pages (a cursor is usually tens of bytes): stopping at the bound on cursor bytes per run`,
        'cursor_bytes',
      );
    }
  }
}

/**
 * The cursors one pagination has followed, as 53-bit digests (cyrb53): 8 bytes or so each,
 * whatever a cursor's size. Two honest cursors share a digest with odds of about n²/2^54
 * (about 1 in 2 million at 100,000 pages); a server that forges one only stops its own export early.
 */
export class SeenCursors {
  readonly #digests = new Set<number>();
  // The hint and then the parsed cursor are asked about in turn, and are the same text: hash
  // it once (a cursor may be tens of KB).
  #last = '';
  #lastDigest = cyrb53('');

  /** Adds the cursor; false when it (or its digest) was there already. */
  add(cursor: string): boolean {
    const digest = this.#digest(cursor);
    if (this.#digests.has(digest)) return false;
    this.#digests.add(digest);
    return true;
  }

  has(cursor: string): boolean {
    return this.#digests.has(this.#digest(cursor));
  }

  #digest(cursor: string): number {
    if (cursor !== this.#last) {
      this.#last = cursor;
      this.#lastDigest = cyrb53(cursor);
    }
    return this.#lastDigest;
  }
}

/** cyrb53 (bryc, public domain): a fast 53-bit string hash with good spread. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const count = (n: number): string => n.toLocaleString('en-US');
