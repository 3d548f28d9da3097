// stdin → lines, each at most `maxBytes`. The SDK's own reader buffers up to 10 MiB and, past
// it, closes the transport: the server exits 0 without a word to the client. Here a line past
// the limit is not kept: its bytes stream through an id scanner and are dropped, and at its end
// the sink hears how large it was and which request it was, so that request gets an error
// answer and the next line is read as usual.
import { TopLevelIdScanner } from './id-scan.ts';

const NEWLINE = 0x0a;

export interface LineSink {
  line(text: string): void;
  /** A line longer than the limit ended: `bytes` long, the request `id` when one was found. */
  oversized(bytes: number, id: string | number | null): void;
}

export class LineSplitter {
  readonly #maxBytes: number;
  readonly #sink: LineSink;
  #parts: Buffer[] = [];
  #length = 0;
  /** Set while the current line is past the limit: it is being skipped. */
  #skipping: TopLevelIdScanner | undefined;

  constructor(maxBytes: number, sink: LineSink) {
    this.#maxBytes = maxBytes;
    this.#sink = sink;
  }

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#take(chunk.subarray(start, end));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  /** Bytes of the current line, not yet ended. */
  #take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#length += bytes.length;
    if (this.#skipping) {
      this.#skipping.feed(bytes);
      return;
    }
    if (this.#length <= this.#maxBytes) {
      this.#parts.push(bytes);
      return;
    }
    // Past the limit: what was kept goes through the scanner too, then is let go.
    const scanner = new TopLevelIdScanner();
    for (const part of this.#parts) scanner.feed(part);
    scanner.feed(bytes);
    this.#parts = [];
    this.#skipping = scanner;
  }

  #endLine(): void {
    const skipped = this.#skipping;
    const length = this.#length;
    const parts = this.#parts;
    this.#parts = [];
    this.#length = 0;
    this.#skipping = undefined;
    if (skipped) {
      this.#sink.oversized(length, skipped.id);
      return;
    }
    const text = Buffer.concat(parts, length).toString('utf8').replace(/\r$/, '');
    if (text.trim() !== '') this.#sink.line(text);
  }
}
