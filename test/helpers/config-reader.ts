// A config file's content as resolveSettings reads it, without a file: for unit tests of
// settings resolution.
import type { ConfigReader } from '../../src/config/store.ts';
import type { ProfileSettings } from '../../src/config/profiles.ts';

export function storeWith(
  values: ProfileSettings,
  profiles: Record<string, ProfileSettings> = {},
): () => Promise<ConfigReader> {
  const named = new Map(Object.entries(profiles));
  return () =>
    Promise.resolve({
      path: '/cfg/config.json',
      get: (key) => values[key],
      profileNames: () => [...named.keys()],
      profile: (name) => named.get(name),
      formerNames: () => [],
    });
}
