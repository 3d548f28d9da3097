// --output: stream into a temp file beside the target, then fsync and rename it into place.
// Until the rename, the previous file is untouched; on any failure the temp file is removed,
// so a cron job never leaves a half-written or stray file behind.
import { constants, writeSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Destination } from './destination.ts';
import { thisProcess } from '../lib/pid.ts';
import { ownTemp, removeDeadTemps, tempName } from './target/temp-name.ts';
import { isWriteFailure, WriteError } from './target/write-error.ts';
import { cannotCreateIn } from './target/writable.ts';

export interface FileDestination extends Destination {
  /** Removes the temp file; the target stays as it was. Safe to call more than once. */
  discard(): Promise<void>;
  readonly tempPath: string;
}

/**
 * `path` is absolute and names a regular file or nothing (symlinks already resolved);
 * `existingMode` is that file's mode. `target` is what the user typed, for messages.
 */
export async function atomicFile(
  path: string,
  existingMode: number | undefined,
  target = path,
): Promise<FileDestination> {
  const dir = dirname(path);
  // Health data is private: a new file is readable by its owner only; an existing one keeps its mode.
  const mode = existingMode !== undefined ? existingMode & 0o777 : 0o600;
  await removeDeadTemps(dir, basename(path), thisProcess);
  const tempPath = join(dir, tempName(basename(path), thisProcess.self));
  let handle: FileHandle | undefined;
  try {
    handle = await open(tempPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  } catch (error) {
    throw cannotCreateIn(target, dir, error);
  }
  // Ours while it exists, so that no run of this process takes it for a dead one's.
  ownTemp(tempPath, true);
  try {
    await handle.chmod(mode);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    ownTemp(tempPath, false);
    throw isWriteFailure(error) ? new WriteError(target, error) : error;
  }
  let done = false;
  // What was written is flushed to disk in the background every FLUSH_EVERY bytes, so the
  // fsync that commits the file has only the tail left to do (`npm run bench -- --only
  // throughput` writes with -o).
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
    ownTemp(tempPath, false);
  };
  const fail = (error: unknown): never => {
    throw isWriteFailure(error) ? new WriteError(target, error) : error;
  };
  return {
    tempPath,
    write(chunk) {
      if (chunk.length === 0 || !handle) return Promise.resolve();
      // Synchronous, as Node's own stdout is for files: page-cache writes are fast, and a
      // promise per page cost more than the write itself (profiled with npm run bench).
      try {
        unflushed += writeFully(handle.fd, chunk);
      } catch (error) {
        return Promise.reject(isWriteFailure(error) ? new WriteError(target, error) : error);
      }
      if (unflushed >= FLUSH_EVERY && flushing === undefined) {
        unflushed = 0;
        flushing = handle
          .datasync()
          .catch((error: unknown) => void (flushError ??= error))
          .finally(() => (flushing = undefined));
      }
      return flushError === undefined
        ? Promise.resolve()
        : Promise.reject(new WriteError(target, flushError));
    },
    async end() {
      if (!handle || done) return;
      await flushing;
      if (flushError !== undefined) fail(flushError);
      await handle.sync().catch(fail);
      await handle.close().catch(fail);
      handle = undefined;
      await rename(tempPath, path).catch(fail);
      ownTemp(tempPath, false);
      done = true;
      await syncDirectory(dir);
    },
    discard,
  };
}

const FLUSH_EVERY = 8 * 1024 * 1024;

/** writeSync may write less than asked (a disk filling up): write the rest, or throw. */
function writeFully(fd: number, chunk: string | Buffer): number {
  // Encoded once, here: writeSync(fd, text) encodes internally, and measuring the UTF-8 length
  // separately (Buffer.byteLength) cost as much again (profiled).
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
  return bytes.length;
}

// Makes the rename itself durable across a crash. Not every filesystem allows it; that's fine.
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}
