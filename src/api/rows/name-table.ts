// The strings for byte ranges that keep coming back (metric, provider and date names of a page's
// rows), each made once. A page of 1000 rows holds a few dozen distinct names: a new string per
// row and cell would be thousands of garbage strings a page, made while the page is scanned.
const MAX_NAMES = 10_000;
/** A longer name is decoded each time rather than kept: the table stays a few MB at most. */
const MAX_NAME_BYTES = 256;
const MAX_BUCKET = 8;

interface Entry {
  readonly bytes: Buffer;
  readonly name: string;
}

export class ByteNames {
  readonly #byHash = new Map<number, Entry[]>();
  #size = 0;

  /** How many names the table holds. */
  get size(): number {
    return this.#size;
  }

  /** The UTF-8 text of src[start, end). */
  name(src: Uint8Array, start: number, end: number): string {
    if (end - start > MAX_NAME_BYTES)
      return Buffer.from(src.buffer, src.byteOffset + start, end - start).toString('utf8');
    let hash = end - start;
    for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + (src[i] as number)) | 0;
    const bucket = this.#byHash.get(hash);
    if (bucket !== undefined) {
      for (const entry of bucket) if (same(entry.bytes, src, start, end)) return entry.name;
    }
    // A server can send names made to share a hash (this one is easy to collide): a full
    // bucket is not searched further nor grown, so a lookup costs at most MAX_BUCKET compares.
    if (bucket !== undefined && bucket.length >= MAX_BUCKET) {
      return Buffer.from(src.buffer, src.byteOffset + start, end - start).toString('utf8');
    }
    // Unbounded input (a name per row) must not grow this without end: start over.
    if (this.#size >= MAX_NAMES) {
      this.#byHash.clear();
      this.#size = 0;
    }
    const bytes = Buffer.from(src.subarray(start, end));
    const entry = { bytes, name: bytes.toString('utf8') };
    const list = this.#byHash.get(hash);
    if (list === undefined) this.#byHash.set(hash, [entry]);
    else list.push(entry);
    this.#size++;
    return entry.name;
  }
}

function same(bytes: Buffer, src: Uint8Array, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== src[start + i]) return false;
  return true;
}
