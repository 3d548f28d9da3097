// A text destination that respects backpressure: write() resolves once the stream can take
// more. A reader that went away (EPIPE) becomes a PipeClosedError, which the CLI treats as a
// normal, quiet end: `healthdata metrics | head` is not a failure. Any other write error (a
// full disk behind stdout) is a WriteError naming where. A signal ends the wait for a stalled
// reader at once.
import type { Writable } from 'node:stream';
import { HealthdataError } from '../lib/errors.ts';
import { isWriteFailure, WriteError } from './target/write-error.ts';

export interface Destination {
  /** Text, or UTF-8 bytes (a page written from the server's bytes: canonical-proof.ts). */
  write(chunk: string | Buffer): Promise<void>;
  /** Flushes and, for files, commits. Only called after a complete, successful export. */
  end(): Promise<void>;
}

export class PipeClosedError extends HealthdataError {
  constructor() {
    super('pipe_closed', 'the reader of the output went away', 'cancelled');
  }
}

export function isPipeClosed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || error instanceof PipeClosedError;
}

export interface StreamOptions {
  /** How messages name the destination: 'stdout', or the --output path. */
  where?: string;
  signal?: AbortSignal | undefined;
  /** end() ends the stream too (a FIFO or device we opened), rather than only draining it. */
  own?: boolean;
  /**
   * Called once when the reader goes away, even between writes (a write that was still
   * pending fails later): the caller aborts whatever it is waiting for, e.g. a slow next page.
   */
  onClosed?: () => void;
}

/** Wraps a stream: end() drains it, and ends it only when we own it (never stdout). */
export function streamDestination(stream: Writable, options: StreamOptions = {}): Destination {
  const where = options.where ?? 'stdout';
  let broken: unknown;
  const onError = (error: unknown): void => {
    broken ??= error;
    if (isPipeClosed(error)) options.onClosed?.();
  };
  stream.on('error', onError);
  const translate = (error: unknown): unknown =>
    isPipeClosed(error)
      ? new PipeClosedError()
      : isWriteFailure(error) && !(error instanceof HealthdataError)
        ? new WriteError(where, error)
        : error;
  const check = (): void => {
    if (broken !== undefined) throw translate(broken);
  };
  const drain = (): Promise<void> =>
    waitForDrain(stream, options.signal).catch((error: unknown) => {
      throw translate(error);
    });
  return {
    async write(chunk) {
      check();
      if (chunk.length === 0) return;
      if (!stream.write(chunk)) await drain();
      check();
    },
    async end() {
      check();
      if (options.own) {
        await new Promise<void>((resolve, reject) => {
          stream.end((error?: unknown) => (error ? reject(translate(error)) : resolve()));
        });
      } else if (stream.writableNeedDrain) {
        await drain();
      }
      check();
    },
  };
}

export function waitForDrain(stream: Writable, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown): void => {
      stream.off('drain', onDrain);
      stream.off('error', onFail);
      stream.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(isPipeClosed(error) ? new PipeClosedError() : error);
    };
    const onDrain = (): void => done();
    const onFail = (error: unknown): void => done(error);
    const onClose = (): void => done(new PipeClosedError());
    // A stalled reader must not hold off a signal: give up the wait, the caller cleans up.
    const onAbort = (): void => done(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) return onAbort();
    stream.on('drain', onDrain);
    stream.on('error', onFail);
    stream.on('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
