// Which process holds a kernel file lock (file-lock.ts), for a "busy (pid N)" message only:
// the lock itself never depends on it. Linux lists every POSIX lock in /proc/locks with its
// owner's pid and the file's device and inode; SQLite's exclusive lock is a WRITE lock on the
// lock file. Anywhere else, or in any doubt, the answer is "unknown" and the message has no pid.
import { readFile, stat } from 'node:fs/promises';

// `1: POSIX  ADVISORY  WRITE 5583 fe:00:2146606 1073741824 1073742335`; a waiter's line has
// `->` after the number and is skipped.
const LINE = /^\d+: POSIX +ADVISORY +WRITE +(\d+) +([0-9a-f]+):([0-9a-f]+):(\d+) /;

export async function lockHolder(lockPath: string): Promise<number | undefined> {
  try {
    const info = await stat(lockPath, { bigint: true });
    const { major, minor } = splitDevice(info.dev);
    for (const line of (await readFile('/proc/locks', 'utf8')).split('\n')) {
      const m = LINE.exec(line);
      if (!m || BigInt(m[4] as string) !== info.ino) continue;
      if (parseInt(m[2] as string, 16) !== major || parseInt(m[3] as string, 16) !== minor) {
        continue;
      }
      const pid = Number(m[1]);
      // 0: the holder is in a pid namespace we cannot see into.
      return pid > 0 ? pid : undefined;
    }
  } catch {
    // not Linux, or /proc not mounted: no pid to name
  }
  return undefined;
}

/** glibc's dev_t layout (what libuv's stat reports): the major and minor the kernel prints. */
function splitDevice(dev: bigint): { major: number; minor: number } {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return { major: Number(major), minor: Number(minor) };
}
