// A text destination that respects backpressure: write() resolves once the stream can take
// more. A reader that went away (EPIPE) becomes a PipeClosedError, which the CLI treats as a
// normal, quiet end: `healthdata metrics | head` is not a failure.
import type { Writable } from 'node:stream';
import { HealthdataError } from '../lib/errors.ts';

export interface Destination {
  write(text: string): Promise<void>;
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

/** Wraps a stream we do not own (stdout): end() drains it but does not close it. */
export function streamDestination(stream: Writable): Destination {
  let broken: unknown;
  const onError = (error: unknown): void => {
    broken ??= error;
  };
  stream.on('error', onError);
  const check = (): void => {
    if (broken !== undefined) throw isPipeClosed(broken) ? new PipeClosedError() : broken;
  };
  return {
    async write(text) {
      check();
      if (text === '') return;
      if (!stream.write(text)) await waitForDrain(stream);
      check();
    },
    async end() {
      check();
      if (stream.writableNeedDrain) await waitForDrain(stream);
      check();
    },
  };
}

function waitForDrain(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown): void => {
      stream.off('drain', onDrain);
      stream.off('error', onFail);
      stream.off('close', onClose);
      if (error === undefined) resolve();
      else reject(isPipeClosed(error) ? new PipeClosedError() : error);
    };
    const onDrain = (): void => done();
    const onFail = (error: unknown): void => done(error);
    const onClose = (): void => done(new PipeClosedError());
    stream.on('drain', onDrain);
    stream.on('error', onFail);
    stream.on('close', onClose);
  });
}
