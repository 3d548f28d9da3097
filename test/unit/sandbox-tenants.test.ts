// A sandbox of many people builds a person's dataset on their first request and keeps only a
// few: the cache is bounded, least recently used out.
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/sandbox/router.ts';
import { authorizer } from '../../src/sandbox/tenants.ts';
import { sandboxUsers } from '../../src/sandbox/users.ts';

const tenant = (name: string): Tenant => ({ meta: name }) as unknown as Tenant;

describe('sandbox tenants', () => {
  it('builds nothing up front and at most one dataset per request, within a bounded cache', () => {
    const users = sandboxUsers(1, 1000);
    const built: number[] = [];
    const authorize = authorizer(
      'demo-key',
      tenant('demo'),
      new Map(users.map((u) => [u.apiKey, u.index])),
      (index) => {
        built.push(index);
        return tenant(`user${index}`);
      },
      4,
    );
    expect(built).toEqual([]);
    const ask = (i: number): unknown =>
      (authorize(`Bearer ${users[i - 1]?.apiKey ?? ''}`) as Tenant).meta;
    expect(ask(1000)).toBe('user1000');
    expect(ask(1000)).toBe('user1000');
    expect(built).toEqual([1000]);
    for (const i of [1, 2, 3, 4]) ask(i);
    // 1000 was the least recently used of five: out.
    expect(ask(4)).toBe('user4');
    expect(built).toEqual([1000, 1, 2, 3, 4]);
    ask(1000);
    expect(built).toEqual([1000, 1, 2, 3, 4, 1000]);
    expect((authorize('Bearer demo-key') as Tenant).meta).toBe('demo');
    const denied = authorize('Bearer phd_live_sandbox_user1_0000000000000000');
    expect('status' in denied && denied.status).toBe(401);
    expect(built).toHaveLength(6);
  });
});
