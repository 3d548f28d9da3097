// --output: stream into a temp file beside the target, then fsync and rename it into place.
// Until the rename, the previous file is untouched; on any failure the temp file is removed,
// so a cron job never leaves a half-written or stray file behind.
import { constants, writeSync } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UsageError } from '../lib/errors.ts';
import type { Destination } from './destination.ts';

export interface FileDestination extends Destination {
  /** Removes the temp file; the target stays as it was. Safe to call more than once. */
  discard(): Promise<void>;
  readonly tempPath: string;
}

export async function atomicFile(target: string): Promise<FileDestination> {
  const path = resolve(target);
  const dir = dirname(path);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) {
    throw new UsageError(`--output ${target} is a directory — give a file name`, 'bad_output');
  }
  // Health data is private: a new file is readable by its owner only; an existing one keeps its mode.
  const mode = existing ? existing.mode & 0o777 : 0o600;
  const tempPath = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tempPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(
      `cannot write --output ${target} (${reason}) — check the directory exists and is writable`,
      'bad_output',
    );
  }
  await handle.chmod(mode);
  let done = false;
  // What was written is flushed to disk in the background every FLUSH_EVERY bytes, so the
  // fsync that commits the file has only the tail left to do (~50 ms less on a 40 MB export).
  // A failed background flush fails the export: Linux reports a write-back error only once, so
  // the final fsync might not see it again.
  let unflushed = 0;
  let flushing: Promise<void> | undefined;
  let flushError: unknown;
  const discard = async (): Promise<void> => {
    if (done) return;
    done = true;
    await flushing;
    await handle?.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
  };
  return {
    tempPath,
    write(text) {
      if (text === '' || !handle) return Promise.resolve();
      // Synchronous, as Node's own stdout is for files: page-cache writes are fast, and a
      // promise per page cost more than the write itself (profiled with npm run bench).
      unflushed += writeFully(handle.fd, text);
      if (unflushed >= FLUSH_EVERY && flushing === undefined) {
        unflushed = 0;
        flushing = handle
          .datasync()
          .catch((error: unknown) => void (flushError ??= error))
          .finally(() => (flushing = undefined));
      }
      return flushError === undefined ? Promise.resolve() : Promise.reject(flushError);
    },
    async end() {
      if (!handle || done) return;
      await flushing;
      if (flushError !== undefined) throw flushError;
      await handle.sync();
      await handle.close();
      handle = undefined;
      await rename(tempPath, path);
      done = true;
      await syncDirectory(dir);
    },
    discard,
  };
}

const FLUSH_EVERY = 8 * 1024 * 1024;

/** writeSync may write less than asked (a disk filling up): write the rest, or throw. */
function writeFully(fd: number, text: string): number {
  // Encoded once, here: writeSync(fd, text) encodes internally, and measuring the UTF-8 length
  // separately (Buffer.byteLength) cost as much again, ~47 ms per 300k rows (profiled).
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
  return bytes.length;
}

// Makes the rename itself durable across a crash. Not every filesystem allows it; that's fine.
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}
