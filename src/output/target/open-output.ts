// What `-o <path>` means depends on what is there. A regular file or nothing: written
// atomically (temp file, rename), so a failed export never replaces a good one. A symlink: its
// target is replaced, the link kept. A FIFO, a device or a socket: opened and written in place —
// renaming over /dev/null or a named pipe would destroy it, and its mode must never reach a
// data file.
import { constants, createWriteStream, open as openCallback, type Stats } from 'node:fs';
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { UsageError } from '../../lib/errors.ts';
import { atomicFile, type FileDestination } from '../atomic-file.ts';
import { streamDestination } from '../destination.ts';
import { WriteError } from './write-error.ts';
import { checkReplaceable } from './writable.ts';

const openFd = promisify(openCallback);

export async function openOutputFile(
  target: string,
  signal?: AbortSignal,
): Promise<FileDestination> {
  const path = resolve(target);
  // stat follows every link, magic ones too (/dev/stdout → /proc/self/fd/1 → a pipe).
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) {
    throw new UsageError(`--output ${target} is a directory — give a file name`, 'bad_output');
  }
  if (existing !== undefined && !existing.isFile()) {
    return openInPlace(path, existing, target, signal);
  }
  // A regular file (through any symlinks) or nothing yet: replaced atomically where it really is.
  const real = existing ? await realpath(path) : await followLinks(path);
  // Refused before anything is fetched: a read-only file, or a directory we may not write in.
  await checkReplaceable(real, existing, target);
  return atomicFile(real, existing?.mode, target);
}

/** Where a path that does not exist yet will be: a dangling symlink is written through. */
async function followLinks(start: string): Promise<string> {
  let path = start;
  for (let hops = 0; hops < 40; hops++) {
    const info = await lstat(path).catch(() => undefined);
    if (info?.isSymbolicLink()) {
      path = resolve(dirname(path), await readlink(path));
      continue;
    }
    if (info !== undefined) return realpath(path).catch(() => path);
    // Not there yet: the temp file goes beside it, in the real directory.
    const dir = await realpath(dirname(path)).catch(() => dirname(path));
    return join(dir, basename(path));
  }
  throw new UsageError(`--output ${start}: too many levels of symbolic links`, 'bad_output');
}

async function openInPlace(
  path: string,
  info: Stats,
  target: string,
  signal: AbortSignal | undefined,
): Promise<FileDestination> {
  let fd: number;
  try {
    // No O_CREAT, no O_TRUNC: the node exists and is not a file, and its mode stays its own.
    fd = await openFd(path, constants.O_WRONLY);
  } catch (error) {
    throw new WriteError(target, error);
  }
  // A FIFO is a pipe: libuv writes it without blocking, so a stalled reader can still be
  // interrupted by a signal. A device is written through the thread pool.
  const stream: Writable = info.isFIFO()
    ? new Socket({ fd, readable: false, writable: true })
    : createWriteStream('', { fd, autoClose: true });
  const destination = streamDestination(stream, { where: target, signal, own: true });
  return {
    tempPath: '',
    write: (chunk) => destination.write(chunk),
    end: () => destination.end(),
    // Written in place, nothing to roll back: just let go of the node.
    discard: () => {
      stream.destroy();
      return Promise.resolve();
    },
  };
}
