// Metric and provider names for TAB, from the catalog. TAB must stay fast, so the names are kept
// for CACHE_MS in the user's cache directory (one file per base URL), and a slow or failing API
// gives no names rather than an error: completion never prints anything but candidates.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../../lib/json.ts';
import type { Env } from '../../../lib/env.ts';
import { hasUnsafe } from '../../../lib/visible.ts';

export const CACHE_MS = 10 * 60_000;

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

function cacheFile(dir: string, baseUrl: string): string {
  const id = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
  return join(dir, `catalog-names-${id}.json`);
}

export async function readCache(
  dir: string,
  baseUrl: string,
  now: number,
): Promise<CatalogNames | undefined> {
  try {
    const saved: unknown = JSON.parse(await readFile(cacheFile(dir, baseUrl), 'utf8'));
    if (!isRecord(saved) || typeof saved['time'] !== 'number') return undefined;
    if (now - saved['time'] > CACHE_MS || now < saved['time']) return undefined;
    return namesFrom(saved);
  } catch {
    return undefined;
  }
}

export async function writeCache(
  dir: string,
  baseUrl: string,
  now: number,
  names: CatalogNames,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = cacheFile(dir, baseUrl);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ time: now, ...names }), { mode: 0o600 });
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
    // A candidate goes onto the command line and into the shell's list: nothing that could
    // drive the terminal or hide in it (an escape, a bidi or zero-width character).
    const names = items.filter(
      (n): n is string => typeof n === 'string' && /^[^\s,]+$/.test(n) && !hasUnsafe(n),
    );
    return [...new Set(names)].sort();
  };
  return { metric: pick('metric'), provider: pick('provider') };
}
