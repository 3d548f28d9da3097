// Which settings a `config` subcommand acts on (those without a profile, or one profile's),
// and how they are shown: a secret (the API key) only ever redacted.
import { UsageError } from '../../../lib/errors.ts';
import { CONFIG_KEYS, redactKey, SECRET_KEYS, type ConfigKey } from '../../../config/keys.ts';
import {
  caseTwin,
  unknownProfile,
  type ProfileReader,
  type ProfileSettings,
} from '../../../config/profiles.ts';
import type { ChosenProfile } from '../../../config/settings.ts';
import type { ConfigStore } from '../../../config/store.ts';

export function show(key: ConfigKey, value: string): string {
  return SECRET_KEYS[key] ? redactKey(value) : value;
}

/** "the file", or "profile 'NAME' in the file", for messages. */
export function whereIn(store: { path: string }, profile?: ChosenProfile): string {
  return profile ? `profile '${profile.name}' in ${store.path}` : store.path;
}

/** The settings get/unset/list act on; a profile must exist. */
export function existingProfile(store: ConfigStore, chosen?: ChosenProfile): ProfileSettings {
  if (!chosen) return store.all();
  const settings = store.profile(chosen.name);
  if (!settings) throw unknownProfile(chosen.name, chosen.source, store);
  return settings;
}

/**
 * The profile `config set` writes to, which may be new. A new name differing from an existing
 * one only in case is refused: the two would share a folder on macOS and Windows.
 */
export function newProfile(store: ProfileReader, chosen: ChosenProfile): ChosenProfile {
  const twin = store.profile(chosen.name) ? undefined : caseTwin(chosen.name, store);
  if (twin !== undefined) throw caseClash(chosen.name, twin);
  return chosen;
}

export function caseClash(name: string, twin: string): UsageError {
  return new UsageError(
    `profile '${twin}' exists and differs from '${name}' only in case — use '${twin}', or a name that differs in more than case`,
    'profile_exists',
  );
}

/** `key=value` lines: the settings without a profile, then `profiles.NAME.key=value` for each. */
export function listLines(store: ConfigStore, only?: ChosenProfile): string[] {
  const lines = (settings: ProfileSettings, prefix: string): string[] =>
    CONFIG_KEYS.flatMap((key) => {
      const value = settings[key];
      return value === undefined ? [] : [`${prefix}${key}=${show(key, value)}`];
    });
  if (only) return lines(existingProfile(store, only), '');
  return [
    ...lines(store.all(), ''),
    ...store
      .profileNames()
      .flatMap((name) => lines(store.profile(name) ?? {}, `profiles.${name}.`)),
  ];
}
