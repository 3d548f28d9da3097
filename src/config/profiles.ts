// Named profiles: one API key and base URL per person, kept in the config file under
// "profiles". A name becomes a folder name (`profile=NAME` in a dataset), so only a safe
// charset is allowed: no path separators, no leading dot, no spaces, and at most 64 characters.
import { nearestNames } from '../lib/closest-name.ts';
import { UsageError } from '../lib/errors.ts';
import type { ConfigKey } from './keys.ts';

export type ProfileSettings = Partial<Record<ConfigKey, string>>;

/** What reads profiles: the config file (src/config/store.ts) provides it. */
export interface ProfileReader {
  readonly path: string;
  /** The names, in the order the file holds them. */
  profileNames(): string[];
  /** A profile's settings; undefined when there is no such profile. */
  profile(name: string): ProfileSettings | undefined;
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const NAME_RULE =
  'a profile name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit';

export function isProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}

/** The name, or the usage error saying what is wrong with it and where it came from. */
export function checkProfileName(name: string, source: string): string {
  if (isProfileName(name)) return name;
  throw new UsageError(
    `the profile name '${name}' from ${source} is not allowed: ${NAME_RULE}`,
    'bad_profile',
  );
}

/** Every profile name in the config file: the API a multi-profile command starts from. */
export function listProfiles(reader: ProfileReader): string[] {
  return reader.profileNames();
}

/** An unknown profile: one line naming it and the nearest profiles there are. */
export function unknownProfile(name: string, source: string, reader: ProfileReader): UsageError {
  const known = reader.profileNames();
  const where = `in the config file ${reader.path}`;
  const hint =
    known.length === 0
      ? `there are no profiles ${where} — create it with 'healthdata config set api-key --profile ${name}'`
      : `nearest: ${nearestNames(name, known, 3).join(', ')} (of ${known.length} ${where})`;
  return new UsageError(`unknown profile '${name}' (from ${source}) — ${hint}`, 'unknown_profile');
}

/**
 * A profile that differs from an existing one only in case: the two would share one folder on
 * macOS and Windows, so it is refused when a profile is created or renamed.
 */
export function caseTwin(name: string, reader: ProfileReader): string | undefined {
  const lower = name.toLowerCase();
  return reader.profileNames().find((n) => n !== name && n.toLowerCase() === lower);
}
