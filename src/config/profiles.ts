// Named profiles: one API key and base URL per person, kept in the config file under
// "profiles". A name becomes a folder name (`profile=NAME` in a dataset), so only a safe
// charset is allowed: no path separators, no leading dot, no spaces, and at most 64 characters.
// `default` is the dataset folder of the settings without a profile, so no profile is named
// it; and a new name must be one no engine reads as a number, date or NULL (docs/profiles.md).
import { closestName, nearestNames } from '../lib/closest-name.ts';
import { UsageError } from '../lib/errors.ts';
import { isPartitionValue, PARTITION_VALUE_RULE } from '../lib/partition-value.ts';
import type { ConfigKey } from './keys.ts';

export type ProfileSettings = Partial<Record<ConfigKey, string>>;

/** What reads profiles: the config file (src/config/store.ts) provides it. */
export interface ProfileReader {
  readonly path: string;
  /** The names, in the order the file holds them. */
  profileNames(): string[];
  /** A profile's settings; undefined when there is no such profile. */
  profile(name: string): ProfileSettings | undefined;
  /** The names the profile had before `config rename-profile`, oldest first. */
  formerNames(name: string): readonly string[];
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const NAME_RULE =
  'a profile name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit';

export function isProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}

/** The name the settings without a profile go by, in a dataset: `DIR/profile=default`. */
export const NO_PROFILE_NAME = 'default';

export function isReservedName(name: string): boolean {
  return name.toLowerCase() === NO_PROFILE_NAME;
}

/**
 * A name a config file may hold (an older version allowed more than a new profile may take),
 * or the usage error: what `rename-profile` and `remove-profile` take as the profile to change.
 */
export function checkExistingName(name: string, source: string): string {
  if (isProfileName(name)) return name;
  throw new UsageError(
    `the profile name '${name}' from ${source} is not allowed: ${NAME_RULE}`,
    'bad_profile',
  );
}

/**
 * A profile to use, or the usage error. `default` (any case) is refused: it would share the
 * dataset folder of the settings without a profile, another person's.
 */
export function checkProfileName(name: string, source: string): string {
  checkExistingName(name, source);
  if (!isReservedName(name)) return name;
  throw new UsageError(
    `the profile name '${name}' (from ${source}) is reserved for the settings without a profile — leave out the profile to use those; a profile named '${name}' in an older config file: rename it with 'healthdata config rename-profile ${name} NEWNAME'`,
    'reserved_profile',
  );
}

/**
 * The name of a profile being created or renamed to, or the usage error: it must also be a
 * folder name no engine reads as something else (src/lib/partition-value.ts).
 */
export function checkNewProfileName(name: string, source: string): string {
  checkExistingName(name, source);
  if (isReservedName(name)) {
    throw new UsageError(
      `the profile name '${name}' (from ${source}) is reserved for the settings without a profile, whose dataset folder is profile=${NO_PROFILE_NAME} — pick another name`,
      'reserved_profile',
    );
  }
  if (isPartitionValue(name)) return name;
  throw new UsageError(
    `the profile name '${name}' (from ${source}) is not allowed for a new profile: a name ${PARTITION_VALUE_RULE}, since DuckDB, Spark or Polars would read profile=${name} in a dataset as a number, date, boolean or NULL — e.g. p${name.slice(0, 63)}`,
    'bad_profile',
  );
}

/**
 * A profile whose name can be a dataset folder, or the usage error naming the fix: an older
 * config file may hold a name such as `0001` that engines read as a number.
 */
export function checkDatasetName(name: string, source: string): string {
  checkProfileName(name, source);
  if (isPartitionValue(name)) return name;
  throw new UsageError(
    `profile '${name}' (from ${source}) cannot name a dataset folder: DuckDB, Spark or Polars would read profile=${name} as a number, date, boolean or NULL — rename it with 'healthdata config rename-profile ${name} NEWNAME' (a name that ${PARTITION_VALUE_RULE})`,
    'bad_profile',
  );
}

/** Every profile name in the config file: the API a multi-profile command starts from. */
export function listProfiles(reader: ProfileReader): string[] {
  return reader.profileNames();
}

/**
 * An unknown profile: one line naming it and the nearest profiles there are, led by "did you
 * mean" when one is a likely typo of it (`alcie` for `alice`).
 */
export function unknownProfile(name: string, source: string, reader: ProfileReader): UsageError {
  const known = reader.profileNames();
  const where = `in the config file ${reader.path}`;
  const meant = closestName(name, known);
  const hint =
    known.length === 0
      ? `there are no profiles ${where} — create it with 'healthdata config set api-key --profile ${name}'`
      : `${meant === undefined ? '' : `did you mean '${meant}'? `}nearest: ${nearestNames(name, known, 3).join(', ')} (of ${known.length} ${where})`;
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

/**
 * The profile that once had `name`, other than `self`: a dataset may still hold its data in
 * `profile=NAME` until it is next synced, so a new profile of that name would share the folder.
 */
export function formerOwner(
  name: string,
  reader: ProfileReader,
  self?: string,
): string | undefined {
  const lower = name.toLowerCase();
  return reader
    .profileNames()
    .find((n) => n !== self && reader.formerNames(n).some((f) => f.toLowerCase() === lower));
}

export function formerNameClash(name: string, owner: string): UsageError {
  return new UsageError(
    `'${name}' is a former name of profile '${owner}', whose data a dataset may still hold as profile=${name} — pick another name`,
    'profile_exists',
  );
}
