// Whose data a request gets, from its key. The demo key (always accepted) gets the sandbox's
// own dataset, built at start-up as before; with `users`, each user's key gets that user's
// dataset, built on their first request and kept in a small cache, least recently used out:
// a sandbox of 1,000 people never holds 1,000 datasets, and one person's pages (asked one
// after the other) keep hitting their cached dataset.
import { timingSafeEqual } from 'node:crypto';
import type { Authorize, Tenant } from './router.ts';
import { bearerToken, invalidKey } from './auth.ts';

/** Datasets kept at once, each up to a pro-plan year of rows: few, so the sandbox stays small. */
export const TENANT_CACHE = 16;

export function authorizer(
  demoKey: string,
  demo: Tenant,
  users: ReadonlyMap<string, number>,
  build: (index: number) => Tenant,
  cacheSize: number = TENANT_CACHE,
): Authorize {
  const key = Buffer.from(demoKey);
  const cache = new Map<number, Tenant>();
  return (authorization) => {
    const token = bearerToken(authorization);
    if (typeof token !== 'string') return token;
    const given = Buffer.from(token);
    // timingSafeEqual needs equal lengths; compare against the key itself so the work is the same.
    if (given.length === key.length && timingSafeEqual(given, key)) return demo;
    const index = users.get(token);
    if (index === undefined) return invalidKey();
    let tenant = cache.get(index);
    if (tenant !== undefined) cache.delete(index);
    else tenant = build(index);
    cache.set(index, tenant);
    for (const oldest of cache.keys()) {
      if (cache.size <= cacheSize) break;
      cache.delete(oldest);
    }
    return tenant;
  };
}
