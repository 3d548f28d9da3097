// Settings resolution with named profiles: each row of the precedence table in
// docs/profiles.md, the missing-setting rule, unknown and unsafe names, and the file's checks.
import { describe, expect, it } from 'vitest';
import { AuthError, UsageError } from '../../src/lib/errors.ts';
import { resolveSettings, type SettingInputs } from '../../src/config/settings.ts';
import { listProfiles } from '../../src/config/profiles.ts';
import { checkValues } from '../../src/config/file-check.ts';
import { nearestNames } from '../../src/lib/closest-name.ts';
import { storeWith } from '../helpers/config-reader.ts';

const config = storeWith(
  { 'api-key': 'phd_live_default', 'base-url': 'https://default.example' },
  {
    alice: { 'api-key': 'phd_live_alice', 'base-url': 'https://alice.example' },
    bob: { 'api-key': 'phd_live_bob', 'base-url': 'https://bob.example' },
    keyonly: { 'api-key': 'phd_live_keyonly' },
    urlonly: { 'base-url': 'https://urlonly.example' },
  },
);
const ENV = { HEALTHDATA_API_KEY: 'phd_live_env', HEALTHDATA_BASE_URL: 'https://env.example' };
const FILE = 'the config file /cfg/config.json';

async function resolved(
  flags: SettingInputs['flags'],
  env: SettingInputs['env'] = {},
): Promise<[string, string, string, string]> {
  const s = await resolveSettings({ flags, env, config });
  return [s.apiKey.value, s.apiKey.source, s.baseUrl.value, s.baseUrl.source];
}

describe('precedence: flag > --profile > environment > HEALTHDATA_PROFILE > default', () => {
  it("1. a flag beats an explicit profile (a key only when it is the profile's own)", async () => {
    const flags = { apiKey: 'phd_live_alice', baseUrl: 'https://flag.example', profile: 'alice' };
    expect(await resolved(flags, ENV)).toEqual([
      'phd_live_alice',
      '--api-key',
      'https://flag.example',
      '--base-url',
    ]);
  });

  it('2. an explicit profile beats the environment', async () => {
    expect(await resolved({ profile: 'alice' }, ENV)).toEqual([
      'phd_live_alice',
      `profile 'alice' in ${FILE}`,
      'https://alice.example',
      `profile 'alice' in ${FILE}`,
    ]);
  });

  it("3. the environment beats HEALTHDATA_PROFILE (a key only when it is the profile's own)", async () => {
    const env = { ...ENV, HEALTHDATA_API_KEY: 'phd_live_alice', HEALTHDATA_PROFILE: 'alice' };
    expect(await resolved({}, env)).toEqual([
      'phd_live_alice',
      'HEALTHDATA_API_KEY',
      'https://env.example',
      'HEALTHDATA_BASE_URL',
    ]);
  });

  it('4. HEALTHDATA_PROFILE beats the default settings', async () => {
    const s = await resolveSettings({ flags: {}, env: { HEALTHDATA_PROFILE: 'bob' }, config });
    expect(s.apiKey.value).toBe('phd_live_bob');
    expect(s.baseUrl.value).toBe('https://bob.example');
    expect(s.profile).toEqual({ name: 'bob', source: 'HEALTHDATA_PROFILE' });
  });

  it('5. without a profile, the default settings, as before profiles', async () => {
    const s = await resolveSettings({ flags: {}, env: {}, config });
    expect([s.apiKey.value, s.baseUrl.source]).toEqual(['phd_live_default', FILE]);
    expect(s.profile).toBeUndefined();
  });

  it('--profile wins over HEALTHDATA_PROFILE: one profile is in use, never two', async () => {
    const s = await resolveSettings({
      flags: { profile: 'alice' },
      env: { HEALTHDATA_PROFILE: 'bob' },
      config,
    });
    expect([s.apiKey.value, s.baseUrl.value]).toEqual(['phd_live_alice', 'https://alice.example']);
    expect(s.profile).toEqual({ name: 'alice', source: '--profile' });
  });
});

describe("a key that is not the chosen profile's own", () => {
  const refused = (keySource: string, profileSource: string, undo: string) =>
    `the API key from ${keySource} is not the key of profile 'alice' (from ${profileSource}): one person's data would be filed under another's name — ${undo}`;

  it('is refused, naming both sources and what to unset', async () => {
    for (const [flags, env, message] of [
      [
        {},
        { ...ENV, HEALTHDATA_PROFILE: 'alice' },
        refused(
          'HEALTHDATA_API_KEY',
          'HEALTHDATA_PROFILE',
          'unset HEALTHDATA_API_KEY, or unset HEALTHDATA_PROFILE',
        ),
      ],
      [
        { profile: 'alice', apiKey: 'phd_live_bob' },
        {},
        refused('--api-key', '--profile', 'leave out --api-key, or leave out --profile'),
      ],
      [
        { apiKey: 'phd_live_bob' },
        { HEALTHDATA_PROFILE: 'alice' },
        refused(
          '--api-key',
          'HEALTHDATA_PROFILE',
          'leave out --api-key, or unset HEALTHDATA_PROFILE',
        ),
      ],
    ] as const) {
      const failed = resolveSettings({ flags, env, config });
      await expect(failed).rejects.toThrow(UsageError);
      await expect(failed).rejects.toThrow(message);
    }
  });

  it('a profile without a key cannot vouch for one from elsewhere', async () => {
    await expect(
      resolveSettings({ flags: { profile: 'urlonly', apiKey: 'phd_live_x' }, env: {}, config }),
    ).rejects.toThrow(
      /is not the key of profile 'urlonly' .*\(the profile has no key to compare it with\)/,
    );
  });

  it('--profile never reads the environment key, so it is no mix', async () => {
    const s = await resolveSettings({ flags: { profile: 'alice' }, env: ENV, config });
    expect(s.apiKey.value).toBe('phd_live_alice');
  });
});

describe('a profile missing a setting', () => {
  it('without a base URL: the next source below the profile gives it', async () => {
    const explicit = await resolved({ profile: 'keyonly' }, ENV);
    expect(explicit.slice(0, 1)).toEqual(['phd_live_keyonly']);
    expect(explicit.slice(2)).toEqual(['https://env.example', 'HEALTHDATA_BASE_URL']);
    const noEnv = await resolved({ profile: 'keyonly' });
    expect(noEnv.slice(2)).toEqual(['https://default.example', FILE]);
    const fromEnv = await resolved({}, { HEALTHDATA_PROFILE: 'keyonly' });
    expect(fromEnv.slice(2)).toEqual(['https://default.example', FILE]);
  });

  it('without a key: an error, never another person’s key from below', async () => {
    for (const env of [{}, ENV]) {
      const s = resolveSettings({ flags: { profile: 'urlonly' }, env, config });
      await expect(s).rejects.toThrow(AuthError);
      await expect(resolveSettings({ flags: { profile: 'urlonly' }, env, config })).rejects.toThrow(
        "profile 'urlonly' (from --profile) has no API key — run 'healthdata config set api-key --profile urlonly'",
      );
    }
    const fromEnv = resolveSettings({ flags: {}, env: { HEALTHDATA_PROFILE: 'urlonly' }, config });
    await expect(fromEnv).rejects.toThrow(/profile 'urlonly' \(from HEALTHDATA_PROFILE\) has no/);
  });
});

describe('unknown and unsafe profile names', () => {
  it('an unknown profile is a usage error naming it and the nearest profiles', async () => {
    const flags = { profile: 'alcie', apiKey: 'phd_live_flag', baseUrl: 'https://x.example' };
    const s = resolveSettings({ flags, env: {}, config });
    await expect(s).rejects.toThrow(UsageError);
    await expect(resolveSettings({ flags, env: {}, config })).rejects.toThrow(
      "unknown profile 'alcie' (from --profile) — did you mean 'alice'? nearest: alice, bob, urlonly (of 4 in the config file /cfg/config.json)",
    );
    const env = resolveSettings({ flags: {}, env: { HEALTHDATA_PROFILE: 'bobb' }, config });
    await expect(env).rejects.toThrow(
      /unknown profile 'bobb' \(from HEALTHDATA_PROFILE\) — did you mean 'bob'\? nearest: bob,/,
    );
  });

  it('with no profiles at all, it says how to create one', async () => {
    const none = storeWith({});
    await expect(
      resolveSettings({ flags: { profile: 'alice' }, env: {}, config: none }),
    ).rejects.toThrow(/there are no profiles .* 'healthdata config set api-key --profile alice'/);
  });

  it('a name outside the safe charset, or an empty --profile, is a usage error', async () => {
    for (const name of ['../x', 'a/b', '.hidden', 'a b', 'x'.repeat(65), 'é']) {
      const s = resolveSettings({ flags: { profile: name }, env: {}, config });
      await expect(s).rejects.toThrow(/is not allowed: a profile name is 1 to 64 letters/);
    }
    const env = resolveSettings({ flags: {}, env: { HEALTHDATA_PROFILE: 'a/b' }, config });
    await expect(env).rejects.toThrow("the profile name 'a/b' from HEALTHDATA_PROFILE");
    await expect(resolveSettings({ flags: { profile: '' }, env: {}, config })).rejects.toThrow(
      '--profile is empty',
    );
  });

  it('listProfiles gives the names in file order; nearestNames ranks by edit distance', async () => {
    expect(listProfiles(await config())).toEqual(['alice', 'bob', 'keyonly', 'urlonly']);
    expect(nearestNames('kyonly', ['alice', 'keyonly', 'urlonly'], 2)).toEqual([
      'keyonly',
      'urlonly',
    ]);
  });
});

describe('the "profiles" object in the config file', () => {
  const path = '/cfg/config.json';
  it('reads profiles and the settings without a profile side by side', () => {
    const values = checkValues(path, {
      'api-key': 'k',
      profiles: { a: { 'api-key': 'ka', other: 1 } },
    });
    expect(values.settings).toEqual({ 'api-key': 'k' });
    expect([...values.profiles]).toEqual([['a', { 'api-key': 'ka' }]]);
  });

  it('names a wrong shape without echoing any value or bad name', () => {
    const secret = 'phd_live_SECRET_0000';
    const cases: [unknown, string][] = [
      [secret, '"profiles" must be an object of named profiles, not a string'],
      [[secret], '"profiles" must be an object of named profiles, not an array'],
      [{ [secret + '/x']: {} }, 'a name in "profiles" is not a profile name'],
      [{ a: secret }, 'profile "a" must be an object of settings, not a string'],
      [{ a: { 'api-key': 12 } }, '"profiles.a.api-key" must be a string, not a number'],
    ];
    for (const [profiles, message] of cases) {
      let error: unknown;
      try {
        checkValues(path, { profiles });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toContain(`config file ${path}: ${message}`);
      expect((error as Error).message).not.toContain(secret);
    }
  });
});
