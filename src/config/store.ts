// The config file, through conf. It holds the API key, so the file is kept at 0600 in a 0700
// directory, and a looser existing file or directory is tightened whenever it is opened.
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from '../lib/env.ts';
import type { ConfigKey } from './keys.ts';

export interface ConfigStore {
  readonly path: string;
  get(key: ConfigKey): string | undefined;
  set(key: ConfigKey, value: string): void;
  delete(key: ConfigKey): void;
  all(): Partial<Record<ConfigKey, string>>;
}

/**
 * HEALTHDATA_CONFIG_DIR wins; else $XDG_CONFIG_HOME/healthdata, which is what conf's own default
 * (env-paths) picks too, but taken from the env we are given rather than the process's.
 */
function configDir(env: Env): string | undefined {
  const dir = env['HEALTHDATA_CONFIG_DIR'];
  if (dir) return dir;
  const xdg = env['XDG_CONFIG_HOME'];
  return xdg ? join(xdg, 'healthdata') : undefined;
}

export async function openConfig(env: Env): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  const location = { dir: configDir(env) };
  if (location.dir) ensurePrivateDir(location.dir);
  const conf = new Conf<Record<string, unknown>>({
    projectName: 'healthdata',
    projectSuffix: '',
    configName: 'config',
    ...(location.dir ? { cwd: location.dir } : {}),
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
  });
  const path = conf.path;
  const tighten = (): void => {
    ensurePrivateDir(dirname(path));
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  };
  tighten();
  const read = (key: ConfigKey): string | undefined => {
    const value = conf.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    path,
    get: read,
    set(key, value) {
      conf.set(key, value);
      tighten();
    },
    delete(key) {
      conf.delete(key);
      tighten();
    },
    all() {
      const result: Partial<Record<ConfigKey, string>> = {};
      for (const key of ['api-key', 'base-url'] as const) {
        const value = read(key);
        if (value !== undefined) result[key] = value;
      }
      return result;
    },
  };
}

function ensurePrivateDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  else if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
