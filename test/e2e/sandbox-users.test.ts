// `sandbox --users N`: one key and one distinct, deterministic dataset per person; the demo
// key keeps serving the sandbox's own data, and without --users nothing changes.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { runCli } from '../helpers/cli.ts';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const TODAY = '2026-11-22';

async function steps(sb: Sandbox, key: string): Promise<{ code: number; stdout: string }> {
  return runCli(['metrics', '-m', 'steps_total', '--from', '2026-11-15', '-f', 'csv'], {
    env: { HEALTHDATA_BASE_URL: sb.url, HEALTHDATA_API_KEY: key },
  });
}

describe('sandbox --users', () => {
  it('lists deterministic keys with --print-keys, without a server', async () => {
    const first = await runCli(['sandbox', '--users', '3', '--print-keys']);
    const again = await runCli(['sandbox', '--users', '3', '--print-keys']);
    const other = await runCli(['sandbox', '--users', '3', '--seed', '2', '--print-keys']);
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^user${i + 1}\\tphd_live_sandbox_user${i + 1}_[0-9a-f]{16}$`),
      ),
    );
    expect(again.stdout).toBe(first.stdout);
    expect(other.stdout).not.toBe(first.stdout);
    const bare = await runCli(['sandbox', '--print-keys']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--print-keys lists the keys of --users N');
  });

  it('serves each person their own data, the same on every start, and the demo key its own', async () => {
    sandbox = await startSandbox({ today: TODAY, users: 3 });
    const keys = (await runCli(['sandbox', '--users', '3', '--print-keys'])).stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[1] as string);
    expect(sandbox.users.map((u) => u.apiKey)).toEqual(keys);
    const seen = [];
    for (const key of [...keys, sandbox.apiKey]) {
      const out = await steps(sandbox, key);
      expect(out.code).toBe(0);
      expect(out.stdout.split('\n').length).toBeGreaterThan(5);
      seen.push(out.stdout);
    }
    expect(new Set(seen).size).toBe(4);
    const plain = await startSandbox({ today: TODAY });
    try {
      // Without users, the demo data is what it always was; with users it is the same.
      expect((await steps(plain, plain.apiKey)).stdout).toBe(seen[3]);
      expect(plain.users).toEqual([]);
      const denied = await steps(plain, keys[0] as string);
      expect(denied.code).toBe(3);
    } finally {
      await plain.close();
    }
    await sandbox.close();
    sandbox = await startSandbox({ today: TODAY, users: 3 });
    expect((await steps(sandbox, keys[1] as string)).stdout).toBe(seen[1]);
    const wrong = await steps(sandbox, `${keys[0] as string}0`);
    expect(wrong.code).toBe(3);
  });

  it('gives each person their own profile id and name, stable per key; the demo key stays Sam', async () => {
    const profileOf = async (sb: Sandbox, key: string): Promise<Record<string, unknown>> => {
      const out = await runCli(['profile', '-f', 'json'], {
        env: { HEALTHDATA_BASE_URL: sb.url, HEALTHDATA_API_KEY: key },
      });
      expect(out.code).toBe(0);
      return (JSON.parse(out.stdout) as { user: Record<string, unknown> }).user;
    };
    sandbox = await startSandbox({ today: TODAY, users: 50 });
    const people = [];
    for (const user of sandbox.users) people.push(await profileOf(sandbox, user.apiKey));
    expect(new Set(people.map((p) => p['id'])).size).toBe(50);
    expect(new Set(people.map((p) => p['name'])).size).toBe(50);
    for (const p of people) {
      expect(p['id']).toMatch(/^usr_sandbox_[0-9a-f]{16}$/);
      expect(p['name']).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(p['name']).not.toBe('Sam Sandbox');
    }
    expect(people[6]).toMatchObject({ email: 'user7@example.com', timezone: 'Europe/Amsterdam' });
    expect(await profileOf(sandbox, sandbox.apiKey)).toMatchObject({
      id: 'usr_sandbox_demo',
      name: 'Sam Sandbox',
    });
    // The same key is the same person on the next start; another seed's keys are other people.
    const [first, second] = sandbox.users;
    await sandbox.close();
    sandbox = await startSandbox({ today: TODAY, users: 2 });
    expect(await profileOf(sandbox, second?.apiKey ?? '')).toEqual(people[1]);
    expect(await profileOf(sandbox, first?.apiKey ?? '')).toEqual(people[0]);
    await sandbox.close();
    sandbox = await startSandbox({ today: TODAY, users: 1, seed: 2 });
    expect((await profileOf(sandbox, sandbox.users[0]?.apiKey ?? ''))['id']).not.toBe(
      people[0]?.['id'],
    );
  });
});
