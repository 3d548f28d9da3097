const CHUNK = 4 * 1024 * 1024;

/**
 * Append-only UTF-8 bytes in 4 MiB chunks, addressed as one contiguous range of offsets.
 * Cheaper than one JS string per row, and never joined into one buffer, so building holds
 * no second copy. A single write never straddles two chunks.
 */
export class ByteStore {
  readonly #chunks: Buffer[] = [];
  /** starts[k] = offset of the first byte of chunk k. */
  readonly #starts: number[] = [];
  #chunk = Buffer.allocUnsafe(0);
  #used = 0;
  #flushed = 0;

  get length(): number {
    return this.#flushed + this.#used;
  }

  write(text: string): void {
    // A UTF-16 code unit never takes more than 3 UTF-8 bytes, so this is a safe upper bound.
    if (this.#used + text.length * 3 > this.#chunk.length) {
      this.#flush();
      this.#chunk = Buffer.allocUnsafe(Math.max(CHUNK, text.length * 3));
    }
    this.#used += this.#chunk.write(text, this.#used);
  }

  #flush(): void {
    if (this.#used === 0) return;
    this.#starts.push(this.#flushed);
    // A copy of the used part, so the chunk's unused tail does not stay allocated.
    this.#chunks.push(Buffer.from(this.#chunk.subarray(0, this.#used)));
    this.#flushed += this.#used;
    this.#used = 0;
  }

  /** Ends writing; the store becomes read-only. */
  seal(): void {
    this.#flush();
    this.#chunk = Buffer.allocUnsafe(0);
  }

  #chunkAt(offset: number): number {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.#starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Copies bytes [start, end) of a sealed store into target at `at`; returns bytes copied. */
  copy(start: number, end: number, target: Buffer, at: number): number {
    let k = this.#chunkAt(start);
    let pos = start;
    while (pos < end) {
      const chunk = this.#chunks[k] as Buffer;
      const base = this.#starts[k] as number;
      const stop = Math.min(end, base + chunk.length);
      chunk.copy(target, at + (pos - start), pos - base, stop - base);
      pos = stop;
      k++;
    }
    return end - start;
  }
}
