// What makes a config file unusable, in one place: not JSON, not an object, unreadable, or a
// known key holding something other than a string. Both the cheap check every command runs
// first (no conf loaded) and the conf-backed store use it. Messages name the file and the key,
// never what the file holds: it may hold the API key.
import { readFileSync } from 'node:fs';
import { UsageError } from '../lib/errors.ts';
import { CONFIG_KEYS, type ConfigKey } from './keys.ts';

class NotAnObject extends Error {}

/** conf's deserializer: a JSON object, else an error `unreadable` turns into a message. */
export function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotAnObject();
  return value as Record<string, unknown>;
}

export function unreadable(path: string, error: unknown): UsageError {
  const code = (error as { code?: unknown } | null)?.code;
  // The parser's own message quotes the file, which may hold the key: never pass it on.
  if (error instanceof SyntaxError) {
    return new UsageError(`config file ${path} is not valid JSON — fix or remove it`, 'bad_config');
  }
  if (error instanceof NotAnObject) {
    return new UsageError(
      `config file ${path} is not a JSON object of settings — fix or remove it`,
      'bad_config',
    );
  }
  const why = typeof code === 'string' ? code : 'unreadable';
  return new UsageError(
    `config file ${path} cannot be read (${why}) — fix its permissions or remove it`,
    'bad_config',
  );
}

/** A known key must hold a string; anything else is named rather than ignored. */
export function checkValue(path: string, key: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  throw new UsageError(
    `config file ${path}: "${key}" must be a string, not ${what} — fix or remove it`,
    'bad_config',
  );
}

/**
 * The settings in the config file at `path` ({} when there is none), or the usage error that
 * names what makes it unusable. One small synchronous read, so every command can afford it.
 */
export function readConfigFile(path: string): Partial<Record<ConfigKey, string>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return {};
    throw unreadable(path, error);
  }
  let values: Record<string, unknown>;
  try {
    values = parseObject(text);
  } catch (error) {
    throw unreadable(path, error);
  }
  const settings: Partial<Record<ConfigKey, string>> = {};
  for (const key of CONFIG_KEYS) {
    const value = checkValue(path, key, values[key]);
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}
