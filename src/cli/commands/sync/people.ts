// Whose data a Parquet dataset sync fetches: --profile a,b,c (or repeated), --all-profiles
// (every profile of the config file), or, with neither, the one person of the current
// settings (HEALTHDATA_PROFILE's profile, else `default`). All of it is checked before
// anything is locked or fetched: a typo in a name is exit 2, not one person failing; so is a
// name (`default`, `0001`, `NULL`) that would share or misname a folder (config/profiles.ts).
import { chooseProfile } from '../../../config/settings.ts';
import {
  checkDatasetName,
  isReservedName,
  listProfiles,
  NO_PROFILE_NAME,
  unknownProfile,
  type ProfileReader,
} from '../../../config/profiles.ts';
import { readConfig } from '../../../config/store.ts';
import { UsageError } from '../../../lib/errors.ts';
import { PARTITION_VALUE_RULE } from '../../../lib/partition-value.ts';
import type { Context } from '../../context.ts';
import type { SyncFlags } from './source.ts';

export interface People {
  names: string[];
  /** True when the names are profiles to pass on as --profile; false: the current settings. */
  profiles: boolean;
  /** Each name's former names, oldest first: folders a rename left (sync/renamed-folders.ts). */
  formerNames(name: string): readonly string[];
  /** Whether a profile of the config file goes by this name now. */
  isProfile(name: string): boolean;
}

const NOBODY = { formerNames: () => [], isProfile: () => false };

function fromConfig(config: ProfileReader): Pick<People, 'formerNames' | 'isProfile'> {
  return {
    // `profile=default` is the folder of the settings without a profile: a profile once
    // named `default` shared it, so it is never moved to that profile's new name.
    formerNames: (name) => config.formerNames(name).filter((n) => !isReservedName(n)),
    isProfile: (name) => config.profile(name) !== undefined,
  };
}

/**
 * The profiles --profile or --all-profiles name, checked as far as every target needs (not
 * both flags, not with --demo, at least one); undefined when neither is given.
 */
export function namedProfiles(
  flags: SyncFlags,
  ctx: Context,
): { names: string[]; source: string; config: ReturnType<typeof readConfig> } | undefined {
  const listed = [...new Set(flags.profile ?? [])];
  if (flags.allProfiles === true && listed.length > 0) {
    throw new UsageError('give --profile or --all-profiles, not both', 'bad_usage');
  }
  if (flags.allProfiles !== true && listed.length === 0) return undefined;
  if (flags.demo === true) {
    throw new UsageError('--demo has no profiles: leave out --profile/--all-profiles', 'bad_usage');
  }
  const config = readConfig(ctx.env);
  const names = flags.allProfiles === true ? listProfiles(config) : listed;
  if (names.length === 0) {
    throw new UsageError(
      `there are no profiles in the config file ${config.path} — create one with 'healthdata config set api-key --profile NAME'`,
      'no_profiles',
    );
  }
  return { names, source: flags.allProfiles === true ? '--all-profiles' : '--profile', config };
}

export function choosePeople(flags: SyncFlags, ctx: Context): People {
  const named = namedProfiles(flags, ctx);
  if (named === undefined) {
    const chosen = chooseProfile(undefined, ctx.env);
    if (chosen === undefined) return { names: [NO_PROFILE_NAME], profiles: false, ...NOBODY };
    // A key that is not this profile's own is refused with the settings (checkSettingsOwner).
    checkDatasetName(chosen.name, chosen.source);
    return { names: [chosen.name], profiles: false, ...fromConfig(readConfig(ctx.env)) };
  }
  const { names, source, config } = named;
  // Every name that cannot be a folder is said at once, not one a run.
  const refused = names.flatMap((name) => {
    try {
      checkDatasetName(name, source);
      return [];
    } catch (error) {
      return [{ name, error }];
    }
  });
  const [first] = refused;
  if (first !== undefined && refused.length === 1) throw first.error;
  if (refused.length > 1)
    throw cannotBeFolders(
      refused.map((r) => r.name),
      source,
    );
  for (const name of names) {
    if (config.profile(name) === undefined) throw unknownProfile(name, source, config);
  }
  if (names.length > 1 && (flags.apiKey !== undefined || flags.baseUrl !== undefined)) {
    throw new UsageError(
      "--api-key and --base-url are for one person: with several profiles, each profile's own are used",
      'bad_usage',
    );
  }
  return { names, profiles: true, ...fromConfig(config) };
}

function cannotBeFolders(names: readonly string[], source: string): UsageError {
  const listed = names.map((n) => `'${n}'`).join(', ');
  return new UsageError(
    `profiles ${listed} (from ${source}) cannot name dataset folders: each is reserved ('default', the settings without a profile) or would be read by DuckDB, Spark or Polars as a number, date, boolean or NULL — rename each with 'healthdata config rename-profile OLD NEW' (a name that ${PARTITION_VALUE_RULE})`,
    'bad_profile',
  );
}

/** Several profiles are for a Parquet dataset only. */
export function checkOneProfile(flags: SyncFlags): void {
  if ((flags.profile?.length ?? 0) > 1 || flags.allProfiles === true) {
    throw new UsageError(
      'several profiles sync into a Parquet dataset only: add --format parquet and give a folder',
      'bad_usage',
    );
  }
}
