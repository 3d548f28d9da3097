// Reads a flat target record by record, with each record's byte range, without loading the
// file: records end at a newline, except (CSV/TSV) inside a quoted field, where a quote count
// that is still odd means the newline belongs to the field. Escaped quotes come in pairs, so
// the parity is exact.
import type { FileHandle } from 'node:fs/promises';

export interface RawRecord {
  /** The record's text with its line end. */
  text: string;
  start: number;
  end: number;
}

const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;
const QUOTE = 0x22;

export async function* readRecords(
  handle: FileHandle,
  quoted: boolean,
): AsyncGenerator<RawRecord, void, undefined> {
  let pending = Buffer.alloc(0);
  let pendingStart = 0; // file offset of pending[0]
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const buffer =
      pending.length === 0
        ? chunk.subarray(0, bytesRead)
        : Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
    let recordStart = 0;
    let quotes = 0;
    for (let i = 0; i < buffer.length; i++) {
      const byte = buffer[i];
      if (byte === QUOTE && quoted) quotes++;
      else if (byte === NEWLINE && (quotes & 1) === 0) {
        yield {
          text: buffer.toString('utf8', recordStart, i + 1),
          start: pendingStart + recordStart,
          end: pendingStart + i + 1,
        };
        recordStart = i + 1;
        quotes = 0;
      }
    }
    // Copied, so the chunk's memory is not kept alive by a small tail.
    pending = Buffer.from(buffer.subarray(recordStart));
    pendingStart += recordStart;
  }
  if (pending.length > 0) {
    yield {
      text: pending.toString('utf8'),
      start: pendingStart,
      end: pendingStart + pending.length,
    };
  }
}
