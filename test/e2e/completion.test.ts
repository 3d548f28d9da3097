// Shell completion tried in the shells themselves: bash always, fish and zsh where installed.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { HD, sandboxEnv } from '../helpers/pty.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const env = (extra: Record<string, string> = {}) => sandboxEnv(sandbox.current, extra);
const hd = HD;

describe('completion in bash', () => {
  const complete = async (words: string, extra: Record<string, string> = {}) => {
    const cache = extra['XDG_CACHE_HOME'] ?? tempDir();
    const script = [
      `healthdata() { ${hd} "$@"; }`,
      'source <(healthdata completion bash)',
      `COMP_WORDS=(${words})`,
      'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
      '_healthdata',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const { stdout, code } = await spawnShell(script, {
      env: env({ XDG_CACHE_HOME: cache, ...extra }),
    });
    expect(code).toBe(0);
    return stdout.trim().split('\n').filter(Boolean);
  };

  it('completes commands, options and enumerated values', async () => {
    expect(await complete("healthdata ''")).toEqual(
      expect.arrayContaining(['metrics', 'catalog', 'status', 'completion', 'config']),
    );
    expect(await complete("healthdata ''")).not.toContain('__complete');
    expect(await complete('healthdata metrics --pa')).toEqual(['--page-size', '--parallel']);
    expect(await complete("healthdata metrics -f ''")).toEqual([
      'table',
      'json',
      'ndjson',
      'csv',
      'tsv',
      'fhir',
      'fhir-bundle',
    ]);
    expect(await complete("healthdata completion ''")).toEqual(['bash', 'zsh', 'fish']);
    expect(await complete("healthdata config set ''")).toEqual([
      'api-key',
      'base-url',
      'mcp-token',
    ]);
    expect(await complete("healthdata sandbox --plan ''")).toEqual([
      'free',
      'basic',
      'pro',
      'unlimited',
    ]);
  });

  it('completes metric and provider names from the catalog, and caches them', async () => {
    const cache = tempDir();
    const mark = sandbox.current.requests.length;
    expect(await complete('healthdata metrics -m steps', { XDG_CACHE_HOME: cache })).toEqual([
      'steps',
      'steps_total',
    ]);
    expect(await complete('healthdata metrics -m steps,rest', { XDG_CACHE_HOME: cache })).toEqual([
      'steps,resting_heart_rate',
    ]);
    expect(await complete('healthdata metrics -p Ph', { XDG_CACHE_HOME: cache })).toEqual([
      'PhoneHealth',
    ]);
    expect(await complete('healthdata chart steps rest', { XDG_CACHE_HOME: cache })).toEqual([
      'resting_heart_rate',
    ]);
    // One catalog request for all three TABs: the rest came from the cache.
    const catalogs = sandbox.current.requests
      .slice(mark)
      .filter((r) => r.path.startsWith('/api/v1/catalog'));
    expect(catalogs).toHaveLength(1);
    expect(readdirSync(join(cache, 'healthdata'))[0]).toMatch(/^catalog-names-.*\.json$/);
  });

  it('completes profile names from the config file, with no request', async () => {
    const dir = tempDir();
    const profiles = { alice: {}, 'alice.b': {}, bob: {} };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    const mark = sandbox.current.requests.length;
    const extra = { HEALTHDATA_CONFIG_DIR: dir };
    expect(await complete('healthdata status --profile al', extra)).toEqual(['alice', 'alice.b']);
    expect(await complete("healthdata config remove-profile ''", extra)).toEqual([
      'alice',
      'alice.b',
      'bob',
    ]);
    expect(sandbox.current.requests.length).toBe(mark);
  });
});

// fish and zsh are not on every machine: these run where they are installed.
describe('completion in fish and zsh', () => {
  it.skipIf(!existsSync('/usr/bin/fish'))('fish completes commands and choices', async () => {
    const script = [
      `function healthdata; ${hd} $argv; end`,
      'healthdata completion fish | source',
      "complete -C 'healthdata metrics -f '",
      "complete -C 'healthdata config '",
      "complete -C 'healthdata metrics --demo -m steps,rest'",
      "complete -C 'healthdata metrics --demo -m rest'",
    ].join('\n');
    const file = join(tempDir(), 'try.fish');
    writeFileSync(file, script);
    const { stdout, code } = await spawnShell(`fish '${file}'`, { env: env() });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ndjson\t/m);
    expect(stdout).toMatch(/^unset\tremove a key$/m);
    // After a comma, the whole token: what precedes the comma, then the name.
    expect(stdout).toMatch(/^steps,resting_heart_rate/m);
    expect(stdout).toMatch(/^resting_heart_rate/m);
  });

  it.skipIf(!existsSync('/usr/bin/zsh'))(
    'zsh runs the bash script through bashcompinit',
    async () => {
      // zsh itself filters the candidates by the word typed, so only whole lists are checked here.
      const script = [
        'autoload -U compinit && compinit -u',
        `healthdata() { ${hd} "$@"; }`,
        'source <(healthdata completion zsh)',
        't() { emulate -L sh; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _healthdata; print -r -- "${COMPREPLY[*]}"; }',
        "t healthdata metrics -f ''",
        "t healthdata config set ''",
      ].join('\n');
      const file = join(tempDir(), 'try.zsh');
      writeFileSync(file, script);
      const { stdout, stderr } = await spawnShell(`zsh -f '${file}'`, { env: env() });
      expect(stderr).toBe('');
      expect(stdout).toBe(
        'table json ndjson csv tsv fhir fhir-bundle\napi-key base-url mcp-token\n',
      );
    },
  );
});
