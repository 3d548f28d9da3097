import { closestName } from '../lib/closest-name.ts';
import { UsageError } from '../lib/errors.ts';

/**
 * The settings of `healthdata mcp --http`'s OAuth mode (src/mcp/oauth/settings.ts): one set per
 * config file, as mcp-token, since they describe the server and its owner, not a profile. Each
 * has a flag (--oauth-issuer…) and an environment twin (HEALTHDATA_MCP_OAUTH_ISSUER…) above it.
 */
export const MCP_OAUTH_KEYS = [
  'mcp-oauth-issuer',
  'mcp-oauth-subject',
  'mcp-oauth-resource',
  'mcp-oauth-audience',
  'mcp-oauth-scope',
] as const;
export type McpOAuthKey = (typeof MCP_OAUTH_KEYS)[number];

export const CONFIG_KEYS = [
  'api-key',
  'base-url',
  'mcp-token',
  'influx-token',
  'mqtt-username',
  'mqtt-password',
  ...MCP_OAUTH_KEYS,
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export function isMcpOAuthKey(key: ConfigKey): key is McpOAuthKey {
  return (MCP_OAUTH_KEYS as readonly string[]).includes(key);
}

/** mcp-oauth-issuer → HEALTHDATA_MCP_OAUTH_ISSUER */
export function mcpOAuthEnvName(key: McpOAuthKey): string {
  return `HEALTHDATA_${key.toUpperCase().replaceAll('-', '_')}`;
}

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
  // The MQTT broker's login of `healthdata mqtt` and `alerts` (src/config/mqtt-credentials.ts).
  'mqtt-username': false,
  'mqtt-password': true,
  // Names and URLs: the subject is an account id at the issuer, no credential.
  'mcp-oauth-issuer': false,
  'mcp-oauth-subject': false,
  'mcp-oauth-resource': false,
  'mcp-oauth-audience': false,
  'mcp-oauth-scope': false,
};

/** Where the time-series sync target's token is read from before the config file. */
export const INFLUX_TOKEN_ENV = 'HEALTHDATA_INFLUX_TOKEN';

export function isSecretKey(key: ConfigKey): boolean {
  return SECRET_KEYS[key];
}

export function checkConfigKey(key: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  // `base_url` for base-url: the usual slip, said as every other near miss is.
  const near = closestName(key.replaceAll('_', '-'), CONFIG_KEYS);
  throw new UsageError(
    `unknown config key '${key}'${near === undefined ? '' : ` — did you mean '${near}'?`} — the keys are: ${CONFIG_KEYS.join(', ')}`,
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

/**
 * First 8 and last 4 characters: enough to tell keys apart, too little to use one. A short
 * value shows only its length: two characters of a three-character value are most of it.
 */
export function redactKey(key: string): string {
  if (key.length <= 16) return `…(${key.length} chars)`;
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
