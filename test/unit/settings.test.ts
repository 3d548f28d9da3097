import { statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthError, UsageError } from '../../src/lib/errors.ts';
import { checkConfigKey, redactKey } from '../../src/config/keys.ts';
import { resolveSettings } from '../../src/config/settings.ts';
import { openConfig } from '../../src/config/store.ts';
import { tempDir } from '../helpers/cli.ts';
import { storeWith } from '../helpers/config-reader.ts';

describe('resolveSettings', () => {
  const config = storeWith({
    'api-key': 'phd_live_fromconfig',
    'base-url': 'https://config.example',
  });

  it('takes a flag over the environment over the config file', async () => {
    const env = {
      HEALTHDATA_API_KEY: 'phd_live_fromenv',
      HEALTHDATA_BASE_URL: 'https://env.example',
    };
    const flags = { apiKey: 'phd_live_fromflag', baseUrl: 'https://flag.example' };
    expect(await resolveSettings({ flags, env, config })).toEqual({
      apiKey: { value: 'phd_live_fromflag', source: '--api-key' },
      baseUrl: { value: 'https://flag.example', source: '--base-url' },
    });
    const fromEnv = await resolveSettings({ flags: {}, env, config });
    expect(fromEnv.apiKey).toEqual({ value: 'phd_live_fromenv', source: 'HEALTHDATA_API_KEY' });
    const fromConfig = await resolveSettings({ flags: {}, env: {}, config });
    expect(fromConfig.baseUrl.value).toBe('https://config.example');
    expect(fromConfig.apiKey.source).toContain('config file');
  });

  it('does not open the config file when flags and environment say it all', async () => {
    let opened = false;
    await resolveSettings({
      flags: { apiKey: 'k_live_1', baseUrl: 'https://x.example' },
      env: {},
      config: () => {
        opened = true;
        return config();
      },
    });
    expect(opened).toBe(false);
  });

  it('fails with usage for a missing base URL and auth for a missing key, saying how to set it', async () => {
    const none = storeWith({});
    await expect(resolveSettings({ flags: {}, env: {}, config: none })).rejects.toThrow(UsageError);
    await expect(resolveSettings({ flags: {}, env: {}, config: none })).rejects.toThrow(
      /HEALTHDATA_BASE_URL.*config set base-url/,
    );
    const noKey = resolveSettings({ flags: { baseUrl: 'https://x' }, env: {}, config: none });
    await expect(noKey).rejects.toThrow(AuthError);
    await expect(
      resolveSettings({ flags: { baseUrl: 'https://x' }, env: {}, config: none }),
    ).rejects.toThrow(/config set api-key.*HEALTHDATA_API_KEY/);
  });

  it('rejects an empty flag instead of falling back to the environment', async () => {
    const env = { HEALTHDATA_API_KEY: 'phd_live_fromenv', HEALTHDATA_BASE_URL: 'https://env.x' };
    for (const flags of [{ apiKey: '' }, { baseUrl: '' }]) {
      const name = 'apiKey' in flags ? '--api-key' : '--base-url';
      const settings = resolveSettings({ flags, env, config });
      await expect(settings).rejects.toThrow(UsageError);
      await expect(resolveSettings({ flags, env, config })).rejects.toThrow(
        `${name} is empty — pass a value, or leave the flag out`,
      );
    }
  });

  it('rejects a key with whitespace', async () => {
    await expect(
      resolveSettings({ flags: { apiKey: 'phd live', baseUrl: 'https://x' }, env: {}, config }),
    ).rejects.toThrow(/whitespace/);
  });
});

describe('config store', () => {
  it('creates the file 0600 in a 0700 directory', async () => {
    const dir = join(tempDir(), 'nested');
    const store = await openConfig({ HEALTHDATA_CONFIG_DIR: dir });
    store.set('api-key', 'phd_live_abcdefghijklmnop');
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect((await openConfig({ HEALTHDATA_CONFIG_DIR: dir })).get('api-key')).toBe(
      'phd_live_abcdefghijklmnop',
    );
  });

  it('tightens a looser existing file, but leaves an existing directory’s mode alone', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), '{"base-url":"https://x.example"}', { mode: 0o644 });
    const store = await openConfig({ HEALTHDATA_CONFIG_DIR: dir });
    expect(store.get('base-url')).toBe('https://x.example');
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });
});

describe('redactKey', () => {
  it('shows the first 8 and last 4 characters only', () => {
    expect(redactKey('phd_live_0123456789abcdef')).toBe('phd_live…cdef');
    expect(redactKey('short_key')).not.toContain('short_key');
    // A short value shows only its length: two of three characters would be most of it.
    expect(redactKey('bad')).toBe('…(3 chars)');
  });
});

describe('checkConfigKey', () => {
  it('names the near key of a slip like base_url', () => {
    expect(() => checkConfigKey('base_url')).toThrow(
      /unknown config key 'base_url' — did you mean 'base-url'\?/,
    );
    expect(() => checkConfigKey('colour')).toThrow(/^unknown config key 'colour' — the keys are: /);
  });
});
