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
  unreadable,
  type ConfigValues,
} from './file-check.ts';
import type { ProfileReader } from './profiles.ts';

/** What resolving settings needs of the config file: the settings without a profile, and profiles. */
export interface ConfigReader extends ProfileReader {
  get(key: ConfigKey): string | undefined;
}

export interface ConfigStore extends ConfigReader {
  set(key: ConfigKey, value: string): void;
  delete(key: ConfigKey): void;
  all(): Partial<Record<ConfigKey, string>>;
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
 * Opening it through conf imported conf's schema validator (ajv, ~300 KB of bundle) on every
 * command of everyone who keeps the key in the file (issue 14). Creates nothing.
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
  return {
    ...readerOf(path, values),
    set(key, value) {
      conf.set(key, value);
      tighten();
    },
    delete(key) {
      conf.delete(key);
      tighten();
    },
    all: () => ({ ...values().settings }),
  };
}
