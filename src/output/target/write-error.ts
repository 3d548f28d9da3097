// A write that failed for a reason the user can act on (a full disk, a quota, an I/O error):
// one line naming where and why, exit 1. EPIPE is not one of them: see PipeClosedError.
import { HealthdataError } from '../../lib/errors.ts';

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EROFS: 'read-only file system',
  EFBIG: 'file too large',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  ENXIO: 'no such device',
};

export class WriteError extends HealthdataError {
  readonly errno: string | undefined;

  /** `hint`: what to do about it, after a dash (`check that /srv is writable`). */
  constructor(where: string, error: unknown, hint?: string) {
    const errno = (error as { code?: unknown } | null)?.code;
    const code = typeof errno === 'string' ? errno : undefined;
    const cause =
      code !== undefined
        ? `${CAUSES[code] ?? 'write failed'} (${code})`
        : error instanceof Error
          ? error.message
          : String(error);
    const fix = hint === undefined ? '' : ` — ${hint}`;
    super('write_failed', `cannot write ${where}: ${cause}${fix}`, 'failure', { cause: error });
    this.errno = code;
  }
}

/** Errors with an errno that a write can raise; anything else is not ours to rename. */
export function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'EPIPE';
}
