// The names TAB offers are one person's: their catalog lists their own metrics and apps. Three
// people share one server (one base URL) and one cache directory; each one's TAB offers only
// their own names, whoever pressed TAB before, in bash and in fish.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { shellWord } from '../helpers/hostile-names.ts';
import { HD } from '../helpers/pty.ts';
import { spawnShell } from '../helpers/spawn.ts';
import { META, send, startServer, type TestServer } from '../helpers/test-server.ts';

const KEYS = {
  alice: 'phd_live_alice_0123456789abcdef',
  bob: 'phd_live_bob_0123456789abcdef00',
  /** The settings without a profile. */
  carol: 'phd_live_carol_0123456789abcdef',
};
type Person = keyof typeof KEYS;

const NAMES: Record<Person, { metric: string[]; provider: string[] }> = {
  alice: { metric: ['alice_fertility', 'steps'], provider: ['AliceClinic'] },
  bob: { metric: ['bob_medication', 'steps'], provider: ['BobRehab'] },
  carol: { metric: ['carol_glucose'], provider: ['CarolPump'] },
};

let server: TestServer;
beforeAll(async () => {
  // One server for everyone: the catalog it sends is the key's person's.
  server = await startServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const person = (Object.keys(KEYS) as Person[]).find((p) => KEYS[p] === key);
    if (!person || !req.url?.startsWith('/api/v1/catalog')) {
      return send(res, 401, '{"error":{"code":"unauthorized","message":"bad key"}}');
    }
    const { metric, provider } = NAMES[person];
    send(
      res,
      200,
      JSON.stringify({
        metrics: metric.map((m) => ({ metric: m })),
        providers: provider.map((p) => ({ provider: p })),
        meta: META,
      }),
    );
  });
});
afterAll(() => server.close());

/** carol without a profile; alice and bob as profiles (bob's base URL is carol's: the same). */
function configDir(): string {
  const dir = tempDir();
  const config = {
    'api-key': KEYS.carol,
    'base-url': server.url,
    profiles: {
      alice: { 'api-key': KEYS.alice, 'base-url': server.url },
      bob: { 'api-key': KEYS.bob },
    },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return dir;
}

interface Turn {
  /** Words after `healthdata metrics`, before `-m`/`-p ''`. */
  flags: string[];
  env?: Record<string, string>;
  /** Whose names this turn must offer: null, nobody's. */
  person: Person | null;
}

// alice first fills the cache; everyone after shares it. HEALTHDATA_API_KEY is bob's key beside
// HEALTHDATA_PROFILE=alice: a key that is not the profile's own is refused (docs/profiles.md),
// so TAB offers nobody's names there, and alice's after it stay hers.
const TURNS: Turn[] = [
  { flags: ['--profile', 'alice'], person: 'alice' },
  { flags: ['--profile', 'bob'], person: 'bob' },
  { flags: ['--profile', "'bob'"], person: 'bob' },
  { flags: [], person: 'carol' },
  { flags: [], env: { HEALTHDATA_PROFILE: 'bob' }, person: 'bob' },
  { flags: [], env: { HEALTHDATA_PROFILE: 'alice', HEALTHDATA_API_KEY: KEYS.bob }, person: null },
  { flags: ['--profile', 'alice'], person: 'alice' },
  { flags: [], person: 'carol' },
];

describe('TAB offers only the names of the person whose settings are in use', () => {
  it('bash: each profile, and the settings without one, has its own names', async () => {
    const config = configDir();
    const cache = tempDir();
    const mark = server.requests.length;
    for (const turn of TURNS) {
      for (const kind of ['metric', 'provider'] as const) {
        const flag = kind === 'metric' ? '-m' : '-p';
        const words = ['healthdata', 'metrics', ...turn.flags, flag, ''].map(shellWord);
        const script = [
          `healthdata() { ${HD} "$@"; }`,
          'source <(healthdata completion bash)',
          `COMP_WORDS=(${words.join(' ')})`,
          'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
          '_healthdata',
          'printf "%s\\n" "${COMPREPLY[@]}"',
        ].join('\n');
        const { stdout, code } = await spawnShell(script, {
          env: { HEALTHDATA_CONFIG_DIR: config, XDG_CACHE_HOME: cache, ...turn.env },
        });
        expect(code).toBe(0);
        expect(stdout.split('\n').filter(Boolean), JSON.stringify(turn)).toEqual(
          turn.person === null ? [] : NAMES[turn.person][kind],
        );
      }
    }
    // One catalog read, and one cache file, per person: alice, bob (by --profile or
    // HEALTHDATA_PROFILE) and carol; none for bob's key under HEALTHDATA_PROFILE=alice.
    expect(server.requests.slice(mark).filter((r) => r.path === '/api/v1/catalog')).toHaveLength(3);
    expect(readdirSync(join(cache, 'healthdata'))).toHaveLength(3);
  });

  it.skipIf(!existsSync('/usr/bin/fish'))(
    'fish: --profile typed on the line chooses whose names, and completes itself',
    async () => {
      const cache = tempDir();
      const script = [
        `function healthdata; ${HD} $argv; end`,
        'healthdata completion fish | source',
        "complete -C 'healthdata metrics --profile alice -m '",
        'echo ==',
        "complete -C 'healthdata metrics --profile bob -m '",
        'echo ==',
        "complete -C 'healthdata metrics -p '",
        'echo ==',
        "complete -C 'healthdata metrics --profile '",
      ].join('\n');
      const file = join(tempDir(), 'try.fish');
      writeFileSync(file, script);
      const { stdout, code } = await spawnShell(`fish --no-config '${file}'`, {
        env: { HEALTHDATA_CONFIG_DIR: configDir(), XDG_CACHE_HOME: cache },
      });
      expect(code).toBe(0);
      const offered = stdout.split(/^==\n/m).map((block) =>
        block
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split('\t')[0]),
      );
      expect(offered).toEqual([
        NAMES.alice.metric,
        NAMES.bob.metric,
        NAMES.carol.provider,
        ['alice', 'bob'],
      ]);
    },
  );

  it('bash (and zsh, which runs the same function): --profile before the command offers profiles, then commands', async () => {
    const config = configDir();
    const cache = tempDir();
    const tab = async (words: string[]): Promise<string[]> => {
      const script = [
        `healthdata() { ${HD} "$@"; }`,
        'source <(healthdata completion bash)',
        `COMP_WORDS=(${words.map(shellWord).join(' ')})`,
        'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
        '_healthdata',
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join('\n');
      const { stdout, code } = await spawnShell(script, {
        env: { HEALTHDATA_CONFIG_DIR: config, XDG_CACHE_HOME: cache },
      });
      expect(code).toBe(0);
      return stdout.split('\n').filter(Boolean);
    };
    expect(await tab(['healthdata', '--profile', ''])).toEqual(['alice', 'bob']);
    expect(await tab(['healthdata', '--profile', 'b'])).toEqual(['bob']);
    expect(await tab(['healthdata', '--verbose', '--profile', ''])).toEqual(['alice', 'bob']);
    // The profile is a value, not a command: the command is still to come.
    expect(await tab(['healthdata', '--profile', 'alice', 'met'])).toEqual(['metrics']);
    // And it chooses whose names the command offers.
    expect(await tab(['healthdata', '--profile', 'bob', 'metrics', '-m', ''])).toEqual(
      NAMES.bob.metric,
    );
  });

  it.skipIf(!existsSync('/usr/bin/fish'))(
    'fish: --profile before the command offers profiles, then commands',
    async () => {
      const script = [
        `function healthdata; ${HD} $argv; end`,
        'healthdata completion fish | source',
        "complete -C 'healthdata --profile '",
        'echo ==',
        "complete -C 'healthdata --profile alice met'",
        'echo ==',
        "complete -C 'healthdata --profile bob metrics -m '",
      ].join('\n');
      const file = join(tempDir(), 'before.fish');
      writeFileSync(file, script);
      const { stdout, code } = await spawnShell(`fish --no-config '${file}'`, {
        env: { HEALTHDATA_CONFIG_DIR: configDir(), XDG_CACHE_HOME: tempDir() },
      });
      expect(code).toBe(0);
      const offered = stdout.split(/^==\n/m).map((block) =>
        block
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split('\t')[0]),
      );
      expect(offered).toEqual([['alice', 'bob'], ['metrics'], NAMES.bob.metric]);
    },
  );
});
