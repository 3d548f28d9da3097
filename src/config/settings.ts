// Resolves the API key and base URL: flag, then environment, then config file. The config file
// is only read when a setting is not given by a flag or the environment.
import type { Env } from '../lib/env.ts';
import { AuthError, UsageError } from '../lib/errors.ts';
import { checkApiKey } from './keys.ts';
import type { ConfigReader } from './store.ts';

export interface SettingInputs {
  flags: { apiKey?: string | undefined; baseUrl?: string | undefined };
  env: Env;
  config: () => ConfigReader | Promise<ConfigReader>;
}

export interface Resolved {
  value: string;
  /** Where the value came from, for messages: never the value itself. */
  source: string;
}

export interface Settings {
  apiKey: Resolved;
  baseUrl: Resolved;
}

const NO_BASE_URL =
  "no base URL is set — pass --base-url <url>, set HEALTHDATA_BASE_URL, or run 'healthdata config set base-url <url>' (or try --demo for the built-in sandbox)";
const NO_API_KEY =
  "no API key is set — run 'healthdata config set api-key' (it reads the key from stdin), or set HEALTHDATA_API_KEY; create a key in the dashboard under AI apps → API keys";

/** Each setting from the first place that has it: flag, then environment, then config file. */
function settingSources(inputs: SettingInputs) {
  let store: ConfigReader | undefined;
  const fromConfig = async (key: 'api-key' | 'base-url'): Promise<Resolved | undefined> => {
    store ??= await inputs.config();
    const value = store.get(key);
    return nonEmpty(value) ? { value, source: `the config file ${store.path}` } : undefined;
  };
  const pick = async (
    flag: string | undefined,
    flagName: string,
    envName: string,
    key: 'api-key' | 'base-url',
  ): Promise<Resolved | undefined> => {
    // `--api-key "$UNSET"` must not quietly fall back to another key: an empty flag is a mistake.
    if (flag === '') {
      throw new UsageError(
        `${flagName} is empty — pass a value, or leave the flag out to use ${envName} or the config file`,
        flagName === '--api-key' ? 'bad_api_key' : 'bad_base_url',
      );
    }
    if (nonEmpty(flag)) return { value: flag, source: flagName };
    const env = inputs.env[envName];
    if (nonEmpty(env)) return { value: env, source: envName };
    return fromConfig(key);
  };
  return {
    baseUrl: () => pick(inputs.flags.baseUrl, '--base-url', 'HEALTHDATA_BASE_URL', 'base-url'),
    apiKey: () => pick(inputs.flags.apiKey, '--api-key', 'HEALTHDATA_API_KEY', 'api-key'),
  };
}

export async function resolveSettings(inputs: SettingInputs): Promise<Settings> {
  const sources = settingSources(inputs);
  const baseUrl = await sources.baseUrl();
  if (!baseUrl) throw new UsageError(NO_BASE_URL, 'no_base_url');
  const apiKey = await sources.apiKey();
  if (!apiKey) throw new AuthError(NO_API_KEY, 'no_api_key');
  checkApiKey(apiKey.value, apiKey.source);
  return { apiKey, baseUrl };
}

/** The base URL alone, wherever it is set (for `status` when the key is missing). */
export async function resolveBaseUrl(inputs: SettingInputs): Promise<Resolved | undefined> {
  return settingSources(inputs).baseUrl();
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}
