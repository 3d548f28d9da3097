// TAB after -m and -p when the catalog's names are shell code ($( ), backquotes, ${ }, quotes,
// globs, ;, &&, newlines, spaces), from a server on 127.0.0.1, in bash, zsh and fish: nothing
// runs, and each name that can be offered is offered as that one literal word. Completion is
// driven as completion.test.ts does (the completion function, or fish's complete -C); the
// offered words are read back the way the shell reads the command line once they are on it.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { hostileApi } from '../helpers/hostile-api.ts';
import {
  hostileCatalog,
  markerDir,
  markersIn,
  offerableNames,
  shellWord,
} from '../helpers/hostile-names.ts';
import { HD } from '../helpers/pty.ts';
import { spawnShell } from '../helpers/spawn.ts';
import { API_KEY, startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(hostileApi({ catalog: hostileCatalog() }));
});
afterAll(() => server.close());

const env = () => ({
  HEALTHDATA_BASE_URL: server.url,
  HEALTHDATA_API_KEY: API_KEY,
  HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
  XDG_CACHE_HOME: tempDir(),
});

const sorted = (words: string[]) => [...words].sort();
const METRICS = sorted(offerableNames('m'));
const PROVIDERS = sorted(offerableNames('p'));

/** The words after `healthdata metrics` whose completions are tried, as typed on the line. */
const TYPED = [
  ['-m', ''],
  ['-p', ''],
  ['-m', String.raw`steps,\$\(to`],
  ['-p', String.raw`\'`],
  ['-m', '"$(to'],
  ['-p', "'a "],
];
const EXPECTED = [
  METRICS,
  PROVIDERS,
  METRICS.filter((n) => n.startsWith('$(to')).map((n) => `steps,${n}`),
  PROVIDERS.filter((n) => n.startsWith("'")),
  METRICS.filter((n) => n.startsWith('$(to')),
  PROVIDERS.filter((n) => n.startsWith('a ')),
];
const tries = TYPED.map(
  ([flag, typed]) => `t healthdata metrics ${flag} ${shellWord(typed ?? '')}`,
);

/**
 * bash and zsh: `t WORDS...` completes the last word; with READ=1 it then reads each candidate
 * as the shell reads a command line (eval, as pressing Enter would): one line per candidate, the
 * number of words it made and the first; a `==` line ends each try.
 */
const TRY = `t() {
  COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=()
  _healthdata
  [ "$READ" = 1 ] || return 0
  local r w
  for r in "\${COMPREPLY[@]}"; do eval "w=($r)"; printf '%s\\t%s\\n' "\${#w[@]}" "\${w[0]}"; done
  echo ==
}`;

/** Each try's candidates, as the words the shell read; every candidate must be one word. */
function parseTries(stdout: string): string[][] {
  return stdout
    .split(/^==\n/m)
    .slice(0, -1)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [count, word] = line.split('\t');
          expect(count, `one word from ${line}`).toBe('1');
          return word ?? '';
        }),
    );
}

/**
 * Every try in bash or zsh, twice: TAB alone must run nothing; then the candidates, read as a
 * command line, must be the literal names (and still run nothing).
 */
async function tryIn(shell: 'bash' | 'zsh'): Promise<void> {
  const zsh = shell === 'zsh';
  for (const read of ['0', '1']) {
    const cwd = markerDir();
    const script = [
      `cd ${shellWord(cwd)}`,
      ...(zsh ? ['autoload -U compinit && compinit -u'] : []),
      `healthdata() { ${HD} "$@"; }`,
      `source <(healthdata completion ${shell})`,
      // zsh: as bashcompinit's compgen runs the completion function, in sh emulation.
      zsh ? TRY.replace('t() {\n', 't() {\n  emulate -L sh\n') : TRY,
      ...tries,
    ].join('\n');
    const file = join(tempDir(), `try.${shell}`);
    writeFileSync(file, script);
    const { stdout, stderr, code } = await spawnShell(`${shell} ${zsh ? '-f ' : ''}'${file}'`, {
      env: { ...env(), READ: read },
    });
    expect(markersIn(cwd), `what ran with READ=${read}`).toEqual([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    if (read === '1') expect(parseTries(stdout).map(sorted)).toEqual(EXPECTED);
  }
}

describe('TAB never runs a name from the server', () => {
  it('bash offers each name as one literal word, and runs none', async () => {
    await tryIn('bash');
  });

  it.skipIf(!existsSync('/usr/bin/zsh'))(
    'zsh (the bash script, through bashcompinit) offers the same words, and runs none',
    async () => {
      await tryIn('zsh');
    },
  );

  it.skipIf(!existsSync('/usr/bin/fish'))(
    'fish offers each name as its literal text, and runs none',
    async () => {
      const cwd = markerDir();
      const script = [
        `cd ${shellWord(cwd)}`,
        `function healthdata; ${HD} $argv; end`,
        'healthdata completion fish | source',
        "complete -C 'healthdata metrics -m '",
        'echo ==',
        "complete -C 'healthdata metrics -p '",
        'echo ==',
      ].join('\n');
      const file = join(tempDir(), 'try.fish');
      writeFileSync(file, script);
      const { stdout, stderr, code } = await spawnShell(`fish --no-config '${file}'`, {
        env: env(),
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(markersIn(cwd)).toEqual([]);
      // One candidate a line, then a tab and its description if it has one.
      const offered = stdout
        .split(/^==\n/m)
        .slice(0, -1)
        .map((block) =>
          sorted(
            block
              .split('\n')
              .filter((line) => line !== '')
              .map((line) => line.split('\t')[0] ?? ''),
          ),
        );
      expect(offered).toEqual([METRICS, PROVIDERS]);
    },
  );
});
