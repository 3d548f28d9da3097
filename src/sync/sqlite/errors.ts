// SQLite's failures in the words the rest of healthdata uses. A full disk is the same one line
// as for `-o` and flat targets (WriteError: "no space left on the device (ENOSPC)"), not
// "unexpected failure: disk I/O error"; a file that is not a database is a bad target.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { WriteError } from '../../output/target/write-error.ts';
import { HealthdataError } from '../../lib/errors.ts';
import { TargetFormatError } from '../flat/codec.ts';

/** SQLite's primary result codes, by number, for errors libsql reports without a name. */
const NAMES: Readonly<Record<number, string>> = {
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

/** SQLite's code (SQLITE_FULL, SQLITE_IOERR_WRITE, …), or undefined if it is not SQLite's. */
export function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code;
  // libsql reports a failed open as `ConnectionFailed("Unable to open … database <path>: 14")`.
  const message = error instanceof Error ? error.message : '';
  const number = /^ConnectionFailed\(.*: (\d+)"\)$/s.exec(message)?.[1];
  return number === undefined ? undefined : (NAMES[Number(number) & 0xff] ?? `SQLITE_${number}`);
}

/**
 * The error to report for a failure while opening, reading or writing `target` (the path as
 * given; `file` is the file SQLite was using, the target or its temp). Not SQLite's: as it is.
 */
export async function describeSqliteFailure(
  error: unknown,
  target: string,
  file: string,
): Promise<unknown> {
  const code = sqliteCode(error);
  if (code === undefined || error instanceof HealthdataError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_FULL') return writeError(target, 'ENOSPC', error);
  if (code.startsWith('SQLITE_IOERR')) return writeError(target, 'EIO', error);
  if (/^SQLITE_(READONLY|CANTOPEN|PERM)/.test(code)) {
    // SQLite does not say why it may not write: the file system does.
    const errno = (await whyNotWritable(file)) ?? (await whyNotWritable(dirname(file)));
    return errno === undefined ? new WriteError(target, error) : writeError(target, errno, error);
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new HealthdataError(
      'target_busy',
      `${target} is locked by another program (${message}) — try again when it has finished`,
      'failure',
      { cause: error },
    );
  }
  return new TargetFormatError(`cannot use ${target} as a SQLite database (${message})`);
}

function writeError(target: string, errno: string, error: unknown): WriteError {
  const message = error instanceof Error ? error.message : String(error);
  return new WriteError(
    target,
    Object.assign(new Error(message, { cause: error }), { code: errno }),
  );
}

async function whyNotWritable(path: string): Promise<string | undefined> {
  try {
    await access(path, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : code;
  }
}
