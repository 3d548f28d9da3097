// Noticing that the reader of a pipe left while nothing is being written (`| head` has its
// lines, and the next page is slow): a pipe tells a writer only by failing a write, and a write
// of zero bytes always succeeds. So the last few bytes of each write are held back and, while
// the writer is idle, sent one at a time at growing intervals. They are real output, in order:
// nothing is added or lost. A byte the reader is gone for fails with EPIPE at once, and the
// caller's onClosed aborts the request it was waiting for. Few are held, and soon sent: the
// end of the last row waits at most ~4.5 s for a slow next page (a reader like `head` leaves
// within milliseconds of its last line, so the first probe, at 100 ms, is the one that counts).
import type { Writable } from 'node:stream';
import type { Destination } from '../destination.ts';

/** When each held character goes out, in ms after the last write. */
const PROBES_MS = [100, 300, 1000, 3000];
const HOLD = PROBES_MS.length;

export interface ProbedDestination extends Destination {
  /**
   * For a run that failed or was stopped: sends what is held back now, so the last row
   * written is whole rather than cut four characters short. end() is not called then.
   */
  sendHeld(): void;
}

export function withReaderProbe(inner: Destination, stream: Writable): ProbedDestination {
  // Characters, not bytes: a probe may be a multi-byte character, but never half of one.
  let held = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probes = 0;
  const probe = (): void => {
    timer = undefined;
    if (held.length === 0 || stream.destroyed || stream.writableNeedDrain) return;
    // One byte: if the reader is gone this write fails, and the stream reports EPIPE.
    const char = String.fromCodePoint(held.codePointAt(0) ?? 0);
    stream.write(char);
    held = held.slice(char.length);
    probes++;
    schedule();
  };
  const schedule = (): void => {
    if (timer === undefined && held.length > 0) {
      const last = PROBES_MS[probes - 1] ?? 0;
      timer = setTimeout(probe, (PROBES_MS[probes] ?? last) - last);
      timer.unref();
    }
  };
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    probes = 0;
  };
  return {
    async write(chunk) {
      if (chunk.length === 0) return;
      cancel();
      if (typeof chunk !== 'string') {
        // A page as bytes: what was held goes first, then all but the page's last characters.
        const cut = lastCharacters(chunk, HOLD);
        const before = held;
        held = chunk.toString('utf8', cut);
        if (before !== '') await inner.write(before);
        if (cut > 0) await inner.write(chunk.subarray(0, cut));
        schedule();
        return;
      }
      const all = held + chunk;
      let cut = Math.max(0, all.length - HOLD);
      // Do not split a surrogate pair between what is written and what is held.
      if (cut > 0 && /[\uDC00-\uDFFF]/.test(all[cut] ?? '')) cut -= 1;
      held = all.slice(cut);
      if (cut > 0) await inner.write(all.slice(0, cut));
      schedule();
    },
    sendHeld() {
      cancel();
      const rest = held;
      held = '';
      // A reader that already left gets nothing; the stream reports that write's EPIPE.
      if (rest !== '' && !stream.destroyed && !stream.writableEnded) stream.write(rest);
    },
    async end() {
      cancel();
      const rest = held;
      held = '';
      await inner.write(rest);
      await inner.end();
    },
  };
}

/** Where the last `count` characters of UTF-8 bytes start (a byte that does not continue one). */
function lastCharacters(bytes: Buffer, count: number): number {
  let at = bytes.length;
  for (let seen = 0; at > 0 && seen < count;) {
    at--;
    if (((bytes[at] as number) & 0xc0) !== 0x80) seen++;
  }
  return at;
}
