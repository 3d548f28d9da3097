// A real TAB in a real terminal (tmux), in bash, zsh and fish, against a server whose catalog
// names are shell code: TAB completes `-m mz` and `-p pz` to the one name each starts, and
// Enter then runs healthdata with those names as its literal arguments. Nothing runs, neither
// on TAB nor on Enter (the shell's working directory is looked at for markers).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
import { spawnShell, untilWritten } from '../helpers/spawn.ts';
import { API_KEY, startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(hostileApi({ catalog: hostileCatalog() }));
});
afterAll(() => server.close());

type Shell = 'bash' | 'zsh' | 'fish';

/** The one metric and the one provider name that `mz` and `pz` start. */
const METRIC = offerableNames('m').find((n) => n.startsWith('mz')) ?? '';
const PROVIDER = offerableNames('p').find((n) => n.startsWith('pz')) ?? '';

/**
 * The shell's start-up file: `healthdata __complete` is the real CLI; any other healthdata
 * command line writes its arguments, one `<arg>` a line, to `out` (whole, by a rename).
 */
function startup(shell: Shell, cwd: string, out: string): string {
  if (shell === 'fish') {
    return [
      "function fish_prompt; echo 'hd$ '; end",
      'function healthdata',
      `  if test "$argv[1]" = __complete; ${HD} $argv; else; printf '<%s>\\n' $argv > ${shellWord(out + '.part')}; mv ${shellWord(out + '.part')} ${shellWord(out)}; end`,
      'end',
      `${HD} completion fish | source`,
      `cd ${shellWord(cwd)}`,
    ].join('\n');
  }
  return [
    ...(shell === 'zsh' ? ['autoload -U compinit && compinit -u'] : []),
    "PS1='hd$ '",
    'healthdata() {',
    `  if [ "$1" = __complete ]; then ${HD} "$@"; else printf '<%s>\\n' "$@" > ${shellWord(out + '.part')} && mv ${shellWord(out + '.part')} ${shellWord(out)}; fi`,
    '}',
    `source <(${HD} completion ${shell})`,
    `cd ${shellWord(cwd)}`,
  ].join('\n');
}

async function tabInTmux(shell: Shell): Promise<{ args: string; markers: string[] }> {
  const dir = tempDir('completion-tab-');
  const cwd = markerDir();
  const out = join(dir, 'args.txt');
  const rc = join(dir, shell === 'zsh' ? '.zshrc' : 'rc');
  writeFileSync(rc, startup(shell, cwd, out));
  const start = {
    bash: `bash --noprofile --rcfile '${rc}' -i`,
    zsh: 'zsh -i',
    fish: `fish --no-config --init-command 'source ${rc}'`,
  }[shell];
  const socket = join(dir, 'tmux.sock');
  const env = {
    HEALTHDATA_BASE_URL: server.url,
    HEALTHDATA_API_KEY: API_KEY,
    HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
    XDG_CACHE_HOME: tempDir(),
    // Nothing of the shells' own (history, fish's settings) goes to the real home.
    HISTFILE: join(dir, 'history'),
    XDG_CONFIG_HOME: dir,
    XDG_DATA_HOME: dir,
    ZDOTDIR: dir,
    TERM: 'xterm',
  };
  const tmux = (args: string) => spawnShell(`tmux -S '${socket}' ${args}`, { env });
  const screen = async () => (await tmux('capture-pane -p')).stdout;
  /** Waits until the screen shows `text`. */
  const poll = async (text: string) => {
    const deadline = Date.now() + 10_000;
    let seen = await screen();
    while (!seen.includes(text)) {
      if (Date.now() > deadline) {
        const ran = markersIn(cwd).join(', ');
        throw new Error(`${shell}: no '${text}' on the screen (ran: ${ran}):\n${seen}`);
      }
      await new Promise((r) => setTimeout(r, 100));
      seen = await screen();
    }
  };
  await tmux(`new-session -d -x 150 -y 20 ${shellWord(start)}`);
  try {
    await poll('hd$');
    await tmux(`send-keys -l 'healthdata metrics -m mz'`);
    await tmux('send-keys Tab');
    await poll('m-tab');
    await tmux(`send-keys -l ' -p pz'`);
    await tmux('send-keys Tab');
    await poll('p-tab');
    await tmux('send-keys Enter');
    await untilWritten(out, 10_000);
    return { args: readFileSync(out, 'utf8'), markers: markersIn(cwd) };
  } finally {
    await tmux('kill-server');
  }
}

/** Longer than every wait in tabInTmux together, so its tmux server is always killed. */
const TIMEOUT = 60_000;

const EXPECTED = ['metrics', '-m', METRIC, '-p', PROVIDER].map((a) => `<${a}>\n`).join('');

describe.skipIf(!existsSync('/usr/bin/tmux'))('a real TAB on hostile names', () => {
  it(
    'bash completes each to its literal name, and nothing runs',
    async () => {
      expect(await tabInTmux('bash')).toEqual({ args: EXPECTED, markers: [] });
    },
    TIMEOUT,
  );

  it.skipIf(!existsSync('/usr/bin/zsh'))(
    'zsh completes each to its literal name, and nothing runs',
    async () => {
      expect(await tabInTmux('zsh')).toEqual({ args: EXPECTED, markers: [] });
    },
    TIMEOUT,
  );

  it.skipIf(!existsSync('/usr/bin/fish'))(
    'fish completes each to its literal name, and nothing runs',
    async () => {
      expect(await tabInTmux('fish')).toEqual({ args: EXPECTED, markers: [] });
    },
    TIMEOUT,
  );
});
