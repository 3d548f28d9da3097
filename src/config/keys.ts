import { UsageError } from '../lib/errors.ts';

export const CONFIG_KEYS = ['api-key', 'base-url'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export function checkConfigKey(key: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  throw new UsageError(
    `unknown config key '${key}' — the keys are: ${CONFIG_KEYS.join(', ')}`,
    'bad_config_key',
  );
}

/** The key format is shown only as a prefix in the spec, so any non-empty key without whitespace goes. */
export function checkApiKey(value: string, source: string): string {
  if (value === '') throw new UsageError(`the API key from ${source} is empty`, 'bad_api_key');
  if (/\s/.test(value)) {
    throw new UsageError(
      `the API key from ${source} contains whitespace — paste the key alone, without spaces or line breaks`,
      'bad_api_key',
    );
  }
  return value;
}

/** First 8 and last 4 characters: enough to tell keys apart, too little to use one. */
export function redactKey(key: string): string {
  if (key.length <= 16) return `${key.slice(0, 2)}…(${key.length} chars)`;
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
