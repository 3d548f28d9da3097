import { UsageError } from '../lib/errors.ts';

export const CONFIG_KEYS = ['api-key', 'base-url', 'mcp-token', 'influx-token'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * Whether a key's value is a secret. Every secret value in the config file (of every profile,
 * and without one) is hidden from everything every command prints or writes (secret-values.ts,
 * src/lib/secrets.ts): a server may echo anyone's key. `config get` and `config list` show a
 * secret redacted; `mcp-token` (the bearer token of `healthdata mcp --http`,
 * src/config/mcp-token.ts) is printed whole by `config get mcp-token` alone, on stdout. A new key
 * must say which it is.
 */
export const SECRET_KEYS: Readonly<Record<ConfigKey, boolean>> = {
  'api-key': true,
  'base-url': false,
  'mcp-token': true,
  // The token of the time-series sync target (docs/influx.md), after HEALTHDATA_INFLUX_TOKEN.
  'influx-token': true,
};

/** Where the time-series sync target's token is read from before the config file. */
export const INFLUX_TOKEN_ENV = 'HEALTHDATA_INFLUX_TOKEN';

export function isSecretKey(key: ConfigKey): boolean {
  return SECRET_KEYS[key];
}

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
  // A key goes into an HTTP header: only visible ASCII can be sent as it is.
  if (/[^\x21-\x7e]/.test(value)) {
    throw new UsageError(
      `the API key from ${source} contains a control or non-ASCII character — copy the key again from the dashboard`,
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
