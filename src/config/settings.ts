// Resolves the API key and base URL. Each setting comes from the first source that has it:
//   1. the flag (--api-key, --base-url)
//   2. the profile named by --profile
//   3. the environment (HEALTHDATA_API_KEY, HEALTHDATA_BASE_URL)
//   4. the profile named by HEALTHDATA_PROFILE (when there is no --profile)
//   5. the config file's settings without a profile
// A profile is one person: its missing base URL falls through to the sources below it (one
// server usually serves everyone), but a missing key never does, since a key from below would
// read somebody else's data under this person's name. For the same reason a key from above it
// (the flag, or the environment beside HEALTHDATA_PROFILE) must be the profile's own: another
// key is refused (checkKeyOwner), as the data would be filed under this person's name. The
// config file is read only when a setting is not given above it, or a profile is named (a typo
// in its name is always reported).
import type { Env } from '../lib/env.ts';
import { AuthError, UsageError } from '../lib/errors.ts';
import { checkApiKey } from './keys.ts';
import { checkProfileName, unknownProfile } from './profiles.ts';
import type { ConfigReader } from './store.ts';

export interface SettingInputs {
  flags: {
    apiKey?: string | undefined;
    baseUrl?: string | undefined;
    /** --profile; a multi-profile command passes each name here in turn. */
    profile?: string | undefined;
  };
  env: Env;
  config: () => ConfigReader | Promise<ConfigReader>;
}

export interface Resolved {
  value: string;
  /** Where the value came from, for messages: never the value itself. */
  source: string;
}

/** The profile in use, and what chose it. */
export interface ChosenProfile {
  name: string;
  source: '--profile' | 'HEALTHDATA_PROFILE';
}

export interface Settings {
  apiKey: Resolved;
  baseUrl: Resolved;
  profile?: ChosenProfile;
}

const NO_BASE_URL =
  "no base URL is set — pass --base-url <url>, set HEALTHDATA_BASE_URL, or run 'healthdata config set base-url <url>' (or try --demo for the built-in sandbox)";
const NO_API_KEY =
  "no API key is set — run 'healthdata config set api-key' (it reads the key from stdin), or set HEALTHDATA_API_KEY; create a key in the dashboard under AI apps → API keys";

/** The profile named by --profile, else by HEALTHDATA_PROFILE, its name checked; or none. */
export function chooseProfile(flag: string | undefined, env: Env): ChosenProfile | undefined {
  if (flag === '') {
    throw new UsageError(
      '--profile is empty — pass a profile name, or leave the flag out',
      'bad_profile',
    );
  }
  if (flag !== undefined) return { name: checkProfileName(flag, '--profile'), source: '--profile' };
  const fromEnv = env['HEALTHDATA_PROFILE'];
  if (!nonEmpty(fromEnv)) return undefined;
  return {
    name: checkProfileName(fromEnv, 'HEALTHDATA_PROFILE'),
    source: 'HEALTHDATA_PROFILE',
  };
}

/** "profile 'alice' (from --profile)": how a command says whose settings it uses. */
export function describeProfile(profile: ChosenProfile): string {
  return `profile '${profile.name}' (from ${profile.source})`;
}

const SETTINGS = {
  'base-url': { flag: 'baseUrl', flagName: '--base-url', envName: 'HEALTHDATA_BASE_URL' },
  'api-key': { flag: 'apiKey', flagName: '--api-key', envName: 'HEALTHDATA_API_KEY' },
} as const;
/** The keys a command connects with (mcp-token is not one: src/config/mcp-token.ts). */
type SettingKey = keyof typeof SETTINGS;

/** The environment variable a setting is read from, before the config file. */
export function settingEnvName(key: SettingKey): string {
  return SETTINGS[key].envName;
}

function settingSources(inputs: SettingInputs) {
  let store: ConfigReader | undefined;
  const file = async (): Promise<ConfigReader> => (store ??= await inputs.config());
  const chosen = chooseProfile(inputs.flags.profile, inputs.env);

  const fromProfile = async (key: SettingKey, p: ChosenProfile): Promise<Resolved | undefined> => {
    const reader = await file();
    const profile = reader.profile(p.name);
    if (!profile) throw unknownProfile(p.name, p.source, reader);
    const value = profile[key];
    if (nonEmpty(value)) {
      return { value, source: `profile '${p.name}' in the config file ${reader.path}` };
    }
    if (key === 'api-key') {
      throw new AuthError(
        `profile '${p.name}' (from ${p.source}) has no API key — run 'healthdata config set api-key --profile ${p.name}'; a profile never borrows another key`,
        'no_api_key',
      );
    }
    return undefined;
  };

  const pick = async (key: SettingKey): Promise<Resolved | undefined> => {
    const { flag, flagName, envName } = SETTINGS[key];
    const given = inputs.flags[flag];
    // `--api-key "$UNSET"` must not quietly fall back to another key: an empty flag is a mistake.
    if (given === '') {
      throw new UsageError(
        `${flagName} is empty — pass a value, or leave the flag out to use ${envName} or the config file`,
        key === 'api-key' ? 'bad_api_key' : 'bad_base_url',
      );
    }
    if (nonEmpty(given)) return { value: given, source: flagName };
    if (chosen?.source === '--profile') {
      const value = await fromProfile(key, chosen);
      if (value) return value;
    }
    const env = inputs.env[envName];
    if (nonEmpty(env)) return { value: env, source: envName };
    if (chosen?.source === 'HEALTHDATA_PROFILE') {
      const value = await fromProfile(key, chosen);
      if (value) return value;
    }
    const reader = await file();
    const value = reader.get(key);
    return nonEmpty(value) ? { value, source: `the config file ${reader.path}` } : undefined;
  };

  return {
    chosen,
    /** A named profile must exist, even when flags give every setting. */
    checkProfile: async (): Promise<void> => {
      if (!chosen) return;
      const reader = await file();
      if (!reader.profile(chosen.name)) throw unknownProfile(chosen.name, chosen.source, reader);
    },
    baseUrl: () => pick('base-url'),
    apiKey: () => pick('api-key'),
    /** The key a flag or the environment gives above the chosen profile: it must be the profile's. */
    checkOwner: async (): Promise<void> => {
      if (!chosen) return;
      const over = keyAbove(inputs, chosen);
      if (!over) return;
      const reader = await file();
      const profile = reader.profile(chosen.name);
      if (!profile) throw unknownProfile(chosen.name, chosen.source, reader);
      // Same key, same person: nothing is mixed.
      if (profile['api-key'] === over.value) return;
      throw new KeyOwnerError(chosen, over.source, profile['api-key'] !== undefined);
    },
  };
}

/** The key that would be used instead of the chosen profile's: --api-key, or the environment's. */
function keyAbove(inputs: SettingInputs, chosen: ChosenProfile): Resolved | undefined {
  const flag = inputs.flags.apiKey;
  if (nonEmpty(flag)) return { value: flag, source: '--api-key' };
  const env = inputs.env['HEALTHDATA_API_KEY'];
  if (chosen.source === 'HEALTHDATA_PROFILE' && nonEmpty(env)) {
    return { value: env, source: 'HEALTHDATA_API_KEY' };
  }
  return undefined;
}

/** A key from above a chosen profile that is not the profile's own: `keySource` says where. */
export class KeyOwnerError extends UsageError {
  constructor(
    chosen: ChosenProfile,
    readonly keySource: string,
    hasOwn: boolean,
  ) {
    const undo = (source: string): string =>
      source.startsWith('--') ? `leave out ${source}` : `unset ${source}`;
    const why = hasOwn ? '' : ` (the profile has no key to compare it with)`;
    super(
      `the API key from ${keySource} is not the key of ${describeProfile(chosen)}${why}: one person's data would be filed under another's name — ${undo(keySource)}, or ${undo(chosen.source)}`,
      'key_not_profile',
    );
  }
}

/**
 * Refuses a key from --api-key or the environment beside a chosen profile that is not the
 * profile's own; `resolveSettings` checks it too. For commands that write something before
 * they connect (sync's lock file), or connect late (mcp), to refuse the mix at once.
 */
export async function checkKeyOwner(inputs: SettingInputs): Promise<void> {
  await settingSources(inputs).checkOwner();
}

/**
 * The settings a command connects with. `flags.profile` names a profile explicitly (as
 * --profile does); without it HEALTHDATA_PROFILE may name one.
 */
export async function resolveSettings(inputs: SettingInputs): Promise<Settings> {
  const sources = settingSources(inputs);
  await sources.checkProfile();
  await sources.checkOwner();
  const baseUrl = await sources.baseUrl();
  if (!baseUrl) throw new UsageError(NO_BASE_URL, 'no_base_url');
  const apiKey = await sources.apiKey();
  if (!apiKey) throw new AuthError(NO_API_KEY, 'no_api_key');
  checkApiKey(apiKey.value, apiKey.source);
  return { apiKey, baseUrl, ...(sources.chosen ? { profile: sources.chosen } : {}) };
}

/** The base URL alone, wherever it is set (for `status` when the key is missing). */
export async function resolveBaseUrl(inputs: SettingInputs): Promise<Resolved | undefined> {
  return settingSources(inputs).baseUrl();
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}
