// The config file: read directly by commands that only read settings, changed through conf by
// `config set/unset`. It holds the API key, so the file is kept at 0600; a directory
// healthdata creates is 0700, but one that already exists (HEALTHDATA_CONFIG_DIR may be $HOME
// or a shared 1777 directory) keeps its mode. A file that is not valid JSON, or holds a value of
// the wrong type, is a usage error naming the file — never echoing what is in it.
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Env } from '../lib/env.ts';
import type { ConfigKey } from './keys.ts';
import {
  checkValues,
  parseObject,
  readConfigFile,
  RENAMED_FROM,
  unreadable,
  type ConfigValues,
} from './file-check.ts';
import type { ProfileReader, ProfileSettings } from './profiles.ts';

type RawProfiles = Record<string, Record<string, unknown>>;

/** What resolving settings needs of the config file: the settings without a profile, and profiles. */
export interface ConfigReader extends ProfileReader {
  get(key: ConfigKey): string | undefined;
}

export interface ConfigStore extends ConfigReader {
  /** Sets a key of the settings without a profile, or of `profile` (created when new). */
  set(key: ConfigKey, value: string, profile?: string): void;
  delete(key: ConfigKey, profile?: string): void;
  /** The settings without a profile. */
  all(): ProfileSettings;
  /** Keeps the profile's place in the file, and `from` in its former names (file-check.ts). */
  renameProfile(from: string, to: string): void;
  removeProfile(name: string): void;
}

/**
 * HEALTHDATA_CONFIG_DIR wins; else $XDG_CONFIG_HOME/healthdata; else conf's own default
 * (env-paths), computed here from the env we are given rather than the process's.
 */
export function configDir(env: Env, platform: string = process.platform): string {
  const dir = env['HEALTHDATA_CONFIG_DIR'];
  if (dir) return dir;
  const xdg = env['XDG_CONFIG_HOME'];
  if (xdg) return join(xdg, 'healthdata');
  const home = env['HOME'] || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'healthdata');
  if (platform === 'win32') {
    return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), 'healthdata', 'Config');
  }
  return join(home, '.config', 'healthdata');
}

/** Where the config file is: known without reading it, so `config path` works whatever it holds. */
export function configPath(env: Env): string {
  return resolve(configDir(env), 'config.json');
}

/**
 * The config file as it is, for commands that only read settings: one small synchronous read.
 * Opening it through conf imported conf's schema validator (ajv, a large part of the bundle) on
 * every command of everyone who keeps the key in the file (issue 14; the cost is in
 * `npm run bench -- --only startup`). Creates nothing.
 */
export function readConfig(env: Env): ConfigReader {
  const path = configPath(env);
  const values = readConfigFile(path);
  tightenMode(path);
  return readerOf(path, () => values);
}

function readerOf(path: string, values: () => ConfigValues): ConfigReader {
  return {
    path,
    get: (key) => values().settings[key],
    profileNames: () => [...values().profiles.keys()],
    profile: (name) => values().profiles.get(name),
    formerNames: (name) => values().formerNames.get(name) ?? [],
  };
}

/** A config file others can read is made private again: it holds the API key. */
function tightenMode(path: string): void {
  if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
}

/** The config file through conf, for `config set/unset/get/list`, which write it atomically. */
export async function openConfig(env: Env): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  const dir = configDir(env);
  const path = resolve(dir, 'config.json');
  // conf would create a missing directory with the default mode on a mere read: create it first,
  // private, since it is ours.
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  let conf: InstanceType<typeof Conf<Record<string, unknown>>>;
  try {
    conf = new Conf<Record<string, unknown>>({
      projectName: 'healthdata',
      projectSuffix: '',
      configName: 'config',
      cwd: dir,
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
      deserialize: parseObject,
    });
  } catch (error) {
    throw unreadable(path, error);
  }
  const tighten = (): void => tightenMode(path);
  tighten();
  const values = (): ConfigValues => checkValues(path, conf.store);
  // Checking the whole file now names a wrong type before any command relies on the file.
  values();
  // Profiles are rewritten whole, from the file as it is: keys this version does not know stay.
  const profiles = (): RawProfiles => ({ ...(conf.get('profiles') as RawProfiles | undefined) });
  const own = (all: RawProfiles, name: string): Record<string, unknown> =>
    Object.hasOwn(all, name) ? { ...all[name] } : {};
  const save = (all: RawProfiles): void => {
    if (Object.keys(all).length === 0) conf.delete('profiles');
    else conf.set('profiles', all);
  };
  const write = (change: () => void): void => {
    change();
    tighten();
  };
  return {
    ...readerOf(path, values),
    set: (key, value, profile) =>
      write(() => {
        if (profile === undefined) return conf.set(key, value);
        const all = profiles();
        save({ ...all, [profile]: { ...own(all, profile), [key]: value } });
      }),
    delete: (key, profile) =>
      write(() => {
        if (profile === undefined) return conf.delete(key);
        const all = profiles();
        const settings = own(all, profile);
        delete settings[key];
        save({ ...all, [profile]: settings });
      }),
    all: () => ({ ...values().settings }),
    renameProfile: (from, to) =>
      write(() =>
        save(
          Object.fromEntries(
            Object.entries(profiles()).map(([n, v]) =>
              n === from ? [to, renamed(v, from, to)] : [n, v],
            ),
          ),
        ),
      ),
    removeProfile: (name) =>
      write(() => save(Object.fromEntries(Object.entries(profiles()).filter(([n]) => n !== name)))),
  };
}

/** A profile's entry after a rename: `from` last among its former names, `to` no longer one. */
function renamed(
  entry: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  const before = entry[RENAMED_FROM];
  const former = (Array.isArray(before) ? before : []).filter((n) => n !== from && n !== to);
  return { ...entry, [RENAMED_FROM]: [...former, from] };
}
