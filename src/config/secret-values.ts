// Every secret the config file holds, for the run's redaction: the value of each key marked
// secret in keys.ts, in the settings without a profile and in every profile. Not only the
// key in use: a server that echoes keys may send alice's key into bob's rows.
import type { ConfigValues } from './file-check.ts';
import { CONFIG_KEYS, SECRET_KEYS } from './keys.ts';
import type { ProfileSettings } from './profiles.ts';

const SECRET = CONFIG_KEYS.filter((key) => SECRET_KEYS[key]);

export function secretValues(values: ConfigValues): string[] {
  const of = (settings: ProfileSettings): string[] => SECRET.flatMap((key) => settings[key] ?? []);
  return [...of(values.settings), ...[...values.profiles.values()].flatMap(of)];
}
