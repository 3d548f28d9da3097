// The `id` of a JSON-RPC message too large to keep, read as its bytes stream past. The answer
// to an oversized request must carry the request's id, or the client waits for it until its own
// timeout; and the SDK's client writes `id` last, after the params that made the line large. So
// the bytes are walked once, keeping only the nesting depth and the few bytes of a top-level
// `"id"` key and its value: memory stays constant however long the line.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** An id longer than this is not worth echoing (the SDK's ids are small integers). */
const MAX_ID_BYTES = 256;

export class TopLevelIdScanner {
  #depth = 0;
  #inString = false;
  #escape = false;
  /** At depth 1, the bytes of the key being read (only its first 3: enough to tell "id"). */
  #key: number[] | null = null;
  #lastKey = '';
  /** The bytes of the id's value while it is read. */
  #value: number[] | null = null;
  #id: string | number | undefined;
  /** The message is not an object (a batch, a bare value): it has no id to find. */
  #done = false;

  /** The id found so far: null when there is none (yet), or it is not a string or a number. */
  get id(): string | number | null {
    return this.#id ?? null;
  }

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && !this.#done; i++) this.#byte(bytes[i] as number);
  }

  #byte(c: number): void {
    const top = this.#depth === 1;
    if (this.#value !== null) {
      if (top && !this.#inString && (c === COMMA || c === CLOSE_OBJECT)) this.#endValue();
      else if (this.#value.length < MAX_ID_BYTES) this.#value.push(c);
      else this.#value = null;
    }
    if (this.#inString) {
      if (this.#escape) this.#escape = false;
      else if (c === BACKSLASH) this.#escape = true;
      else if (c === QUOTE) {
        this.#inString = false;
        if (this.#key !== null) this.#lastKey = Buffer.from(this.#key).toString('latin1');
        this.#key = null;
      } else if (this.#key !== null && this.#key.length < 3) this.#key.push(c);
      return;
    }
    if (c === QUOTE) {
      this.#inString = true;
      // A string at depth 1 before any colon of its member is a key.
      if (top && this.#lastKey === '') this.#key = [];
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (this.#depth === 0 && c !== OPEN_OBJECT) this.#done = true;
      this.#depth += 1;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      this.#depth -= 1;
      if (this.#depth <= 0) this.#done = true;
    } else if (top && c === COLON) {
      if (this.#lastKey === 'id' && this.#id === undefined) this.#value = [];
      // Marks the member's value part: strings from here on are values, not keys.
      this.#lastKey ||= ':';
    } else if (top && c === COMMA) {
      this.#lastKey = '';
    }
  }

  #endValue(): void {
    const text = Buffer.from(this.#value ?? []).toString('utf8');
    this.#value = null;
    try {
      const id: unknown = JSON.parse(text);
      if (typeof id === 'string' || typeof id === 'number') this.#id = id;
    } catch {
      // Not a value JSON can read: answer with a null id.
    }
  }
}
