// --output: stream into a temp file beside the target, then fsync and rename it into place.
// Until the rename, the previous file is untouched; on any failure the temp file is removed,
// so a cron job never leaves a half-written or stray file behind.
import { constants, writeSync } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UsageError } from '../api/errors.ts';
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
  const discard = async (): Promise<void> => {
    if (done) return;
    done = true;
    await handle?.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
  };
  return {
    tempPath,
    write(text) {
      // Synchronous, as Node's own stdout is for files: page-cache writes are fast, and a
      // promise per page cost more than the write itself (profiled with npm run bench).
      if (text !== '' && handle) writeSync(handle.fd, text);
      return Promise.resolve();
    },
    async end() {
      if (!handle || done) return;
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

// Makes the rename itself durable across a crash. Not every filesystem allows it; that's fine.
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}
