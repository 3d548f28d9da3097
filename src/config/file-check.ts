// What makes a config file unusable, in one place: not JSON, not an object, unreadable, a
// known key holding something other than a string, or a "profiles" entry of the wrong shape. Both the cheap check every command runs
// first (no conf loaded) and the conf-backed store use it. Messages name the file and the key,
// never what the file holds: it may hold the API key.
import { readFileSync } from 'node:fs';
import { UsageError } from '../lib/errors.ts';
import { CONFIG_KEYS } from './keys.ts';
import { isProfileName, type ProfileSettings } from './profiles.ts';

/** The settings without a profile, and each named profile's, as the file holds them. */
export interface ConfigValues {
  settings: ProfileSettings;
  profiles: ReadonlyMap<string, ProfileSettings>;
  /** Each renamed profile's former names, oldest first (`"renamed-from"`). */
  formerNames: ReadonlyMap<string, readonly string[]>;
}

/** Where a profile keeps the names it had: a dataset folder may still go by one of them. */
export const RENAMED_FROM = 'renamed-from';

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
  throw badShape(path, `"${key}" must be a string, not ${typeOf(value)}`);
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function badShape(path: string, what: string): UsageError {
  return new UsageError(`config file ${path}: ${what} — fix or remove it`, 'bad_config');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The known keys of one object of settings, each checked; `label` prefixes the key named. */
function settingsOf(path: string, values: Record<string, unknown>, label = ''): ProfileSettings {
  const settings: ProfileSettings = {};
  for (const key of CONFIG_KEYS) {
    const value = checkValue(path, `${label}${key}`, values[key]);
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

/** The file's whole content checked: a wrong type anywhere is named before anything uses it. */
export function checkValues(path: string, values: Record<string, unknown>): ConfigValues {
  const profiles = new Map<string, ProfileSettings>();
  const formerNames = new Map<string, readonly string[]>();
  const given = values['profiles'];
  if (given !== undefined && !isObject(given)) {
    throw badShape(path, `"profiles" must be an object of named profiles, not ${typeOf(given)}`);
  }
  for (const [name, entry] of Object.entries(given ?? {})) {
    // The name is not quoted: a name that breaks the rule may be anything, a key included.
    if (!isProfileName(name)) {
      throw badShape(
        path,
        'a name in "profiles" is not a profile name (1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit)',
      );
    }
    if (!isObject(entry)) {
      throw badShape(path, `profile "${name}" must be an object of settings, not ${typeOf(entry)}`);
    }
    profiles.set(name, settingsOf(path, entry, `profiles.${name}.`));
    const former = entry[RENAMED_FROM];
    if (former === undefined) continue;
    if (!Array.isArray(former) || !former.every((n) => typeof n === 'string' && isProfileName(n))) {
      throw badShape(path, `"profiles.${name}.${RENAMED_FROM}" must be an array of profile names`);
    }
    formerNames.set(name, former as string[]);
  }
  return { settings: settingsOf(path, values), profiles, formerNames };
}

/**
 * The settings in the config file at `path` (none when there is no file), or the usage error
 * that names what makes it unusable. One small synchronous read, so every command can afford it.
 */
export function readConfigFile(path: string): ConfigValues {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT')
      return { settings: {}, profiles: new Map(), formerNames: new Map() };
    throw unreadable(path, error);
  }
  let values: Record<string, unknown>;
  try {
    values = parseObject(text);
  } catch (error) {
    throw unreadable(path, error);
  }
  return checkValues(path, values);
}
