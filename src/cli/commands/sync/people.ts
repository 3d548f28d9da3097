// Whose data a Parquet dataset sync fetches: --profile a,b,c (or repeated), --all-profiles
// (every profile of the config file), or, with neither, the one person of the current
// settings (HEALTHDATA_PROFILE's profile, else `default`). All of it is checked before
// anything is locked or fetched: a typo in a name is exit 2, not one person failing.
import { chooseProfile } from '../../../config/settings.ts';
import { checkProfileName, listProfiles, unknownProfile } from '../../../config/profiles.ts';
import { readConfig } from '../../../config/store.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import type { SyncFlags } from './source.ts';

export interface People {
  names: string[];
  /** True when the names are profiles to pass on as --profile; false: the current settings. */
  profiles: boolean;
}

export function choosePeople(flags: SyncFlags, ctx: Context): People {
  const listed = [...new Set(flags.profile ?? [])];
  if (flags.allProfiles === true && listed.length > 0) {
    throw new UsageError('give --profile or --all-profiles, not both', 'bad_usage');
  }
  if (flags.allProfiles !== true && listed.length === 0) {
    const chosen = chooseProfile(undefined, ctx.env);
    return { names: [chosen?.name ?? 'default'], profiles: false };
  }
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
  for (const name of names) {
    checkProfileName(name, '--profile');
    if (config.profile(name) === undefined) throw unknownProfile(name, '--profile', config);
  }
  if (names.length > 1 && (flags.apiKey !== undefined || flags.baseUrl !== undefined)) {
    throw new UsageError(
      "--api-key and --base-url are for one person: with several profiles, each profile's own are used",
      'bad_usage',
    );
  }
  return { names, profiles: true };
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
