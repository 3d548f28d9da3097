// Metric and provider names for TAB, from the catalog. TAB must stay fast, so the names are kept
// for CACHE_MS in the user's cache directory (one file per person: whose()), and a slow or
// failing API gives no names rather than an error: completion never prints anything but
// candidates.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../../lib/json.ts';
import type { Env } from '../../../lib/env.ts';
import type { Settings } from '../../../config/settings.ts';
import { offerableName } from '../../../lib/offerable-name.ts';

export const CACHE_MS = 10 * 60_000;
/**
 * A catalog that could not be read (a slow API past the timeout, an error) is remembered this
 * long as "no names": every TAB would otherwise wait the whole timeout again for nothing.
 */
export const FAILED_MS = 30_000;

export interface CatalogNames {
  metric: string[];
  provider: string[];
}

export function cacheDir(env: Env): string | undefined {
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg) return join(xdg, 'healthdata');
  const home = env['HOME'];
  return home ? join(home, '.cache', 'healthdata') : undefined;
}

/**
 * Whose names a cache file holds: the catalog is one person's (their metrics and apps), so the
 * file is per profile, base URL and key; the settings without a profile are a person of their
 * own. The key is in it too: HEALTHDATA_API_KEY beside HEALTHDATA_PROFILE, or two people's keys
 * in turn in the environment, are other people at the same base URL. Only a 64-bit piece of a
 * SHA-256 of all three is written (in the file's name): nothing a key can be read back from.
 */
export function whose(settings: Settings): string {
  return JSON.stringify([
    settings.profile?.name ?? null,
    settings.baseUrl.value,
    settings.apiKey.value,
  ]);
}

/** The built-in sandbox's names: nobody's data, the same for everyone. */
export const DEMO = JSON.stringify(['--demo']);

function cacheFile(dir: string, person: string): string {
  const id = createHash('sha256').update(person).digest('hex').slice(0, 16);
  return join(dir, `catalog-names-${id}.json`);
}

export async function readCache(
  dir: string,
  person: string,
  now: number,
): Promise<CatalogNames | undefined> {
  try {
    const saved: unknown = JSON.parse(await readFile(cacheFile(dir, person), 'utf8'));
    if (!isRecord(saved) || typeof saved['time'] !== 'number') return undefined;
    const keep = saved['failed'] === true ? FAILED_MS : CACHE_MS;
    if (now - saved['time'] > keep || now < saved['time']) return undefined;
    return namesFrom(saved);
  } catch {
    return undefined;
  }
}

/** Saves the names read (or, with `names` undefined, that the read failed: FAILED_MS). */
export async function writeCache(
  dir: string,
  person: string,
  now: number,
  names: CatalogNames | undefined,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = cacheFile(dir, person);
  const temp = `${file}.${process.pid}.tmp`;
  const saved = names ?? { failed: true, metric: [], provider: [] };
  await writeFile(temp, JSON.stringify({ time: now, ...saved }), { mode: 0o600 });
  await rename(temp, file);
}

/**
 * Names from a catalog body, whose shape the spec does not show: lists under `metrics` and
 * `providers` (or `data`), of strings or of records naming them.
 */
export function namesFrom(body: unknown): CatalogNames {
  const pick = (kind: 'metric' | 'provider'): string[] => {
    if (!isRecord(body)) return [];
    const list = body[kind] ?? body[`${kind}s`];
    const fromData = Array.isArray(body['data'])
      ? body['data'].map((r) => (isRecord(r) ? r[kind] : undefined))
      : [];
    const items = Array.isArray(list)
      ? list.map((item) => (isRecord(item) ? (item[kind] ?? item['name']) : item))
      : fromData;
    const names = items.filter((n): n is string => typeof n === 'string' && offerableName(n));
    return [...new Set(names)].sort();
  };
  return { metric: pick('metric'), provider: pick('provider') };
}
