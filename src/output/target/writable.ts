// Whether a file target may be replaced, asked before anything is fetched. `-o` and `sync`
// write a temp file beside the target and rename it over the old one, which needs only the
// directory's write permission: without this check a file the user made read-only (chmod 444),
// or one they may not write, would be replaced without a word. Both commands refuse with the
// same one line, exit 1 (a write failure, not a usage error: the command line is right).
import { constants, type Stats } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { HealthdataError, UsageError } from '../../lib/errors.ts';
import { WriteError } from './write-error.ts';

export class ReadOnlyFileError extends HealthdataError {
  constructor(target: string, mode: number) {
    const octal = (mode & 0o7777).toString(8).padStart(4, '0');
    super(
      'read_only_target',
      `cannot write ${target}: it is read-only (mode ${octal}) — to let healthdata replace it: chmod u+w ${shellWord(target)}`,
      'failure',
    );
  }
}

/**
 * `path` is where the target really is (symlinks resolved), `existing` what is there (a
 * regular file) or undefined, `target` what the user typed, for the message.
 */
export async function checkReplaceable(
  path: string,
  existing: Stats | undefined,
  target: string,
): Promise<void> {
  if (existing !== undefined) {
    // No write bit at all: read-only on purpose. Root could write it anyway, and must not.
    if ((existing.mode & 0o222) === 0) throw new ReadOnlyFileError(target, existing.mode);
    try {
      await access(path, constants.W_OK);
    } catch (error) {
      throw new WriteError(target, error, `check its owner and mode (ls -l ${shellWord(target)})`);
    }
  }
  const dir = dirname(path);
  try {
    await access(dir, constants.W_OK);
  } catch (error) {
    throw cannotCreateIn(target, dir, error);
  }
}

/**
 * A file could not be made in the target's directory: one that does not exist is a wrong path
 * (usage, exit 2); one that exists but refuses is a write failure (exit 1).
 */
export function cannotCreateIn(target: string, dir: string, error: unknown): HealthdataError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const what =
      code === 'ENOENT' ? `the directory ${dir} does not exist` : `${dir} is not a directory`;
    return new UsageError(`cannot write ${target}: ${what} (${code})`, 'bad_target');
  }
  const denied = code === 'EACCES' || code === 'EPERM';
  return new WriteError(target, error, denied ? `${dir} is not writable` : undefined);
}

/** A path as the user can paste it into a shell. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
