// A real TAB in a real terminal (tmux): `healthdata --profile al<TAB>`, a flag typed before the
// command, completes the profile (it used to offer command names), then `met<TAB>` the command,
// in bash, zsh and fish; Enter runs healthdata with those words.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { shellWord } from '../helpers/hostile-names.ts';
import { HD } from '../helpers/pty.ts';
import { spawnShell, untilWritten } from '../helpers/spawn.ts';

type Shell = 'bash' | 'zsh' | 'fish';

/** `healthdata __complete` is the real CLI; any other healthdata line writes its arguments to `out`. */
function startup(shell: Shell, out: string): string {
  const part = shellWord(`${out}.part`);
  if (shell === 'fish') {
    return [
      "function fish_prompt; echo 'hd$ '; end",
      'function healthdata',
      `  if test "$argv[1]" = __complete; ${HD} $argv; else; printf '<%s>\\n' $argv > ${part}; mv ${part} ${shellWord(out)}; end`,
      'end',
      `${HD} completion fish | source`,
    ].join('\n');
  }
  return [
    ...(shell === 'zsh' ? ['autoload -U compinit && compinit -u'] : []),
    "PS1='hd$ '",
    'healthdata() {',
    `  if [ "$1" = __complete ]; then ${HD} "$@"; else printf '<%s>\\n' "$@" > ${part} && mv ${part} ${shellWord(out)}; fi`,
    '}',
    `source <(${HD} completion ${shell})`,
  ].join('\n');
}

async function tabBeforeCommand(shell: Shell): Promise<string> {
  const dir = tempDir('completion-before-');
  const out = join(dir, 'args.txt');
  const rc = join(dir, shell === 'zsh' ? '.zshrc' : 'rc');
  writeFileSync(rc, startup(shell, out));
  const config = tempDir('healthdata-config-');
  const profiles = { alice: { 'api-key': 'phd_live_alice_0123456789abcdef' }, bob: {} };
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  const start = {
    bash: `bash --noprofile --rcfile '${rc}' -i`,
    zsh: 'zsh -i',
    fish: `fish --no-config --init-command 'source ${rc}'`,
  }[shell];
  const socket = join(dir, 'tmux.sock');
  const env = {
    HEALTHDATA_CONFIG_DIR: config,
    XDG_CACHE_HOME: tempDir(),
    HISTFILE: join(dir, 'history'),
    XDG_CONFIG_HOME: dir,
    XDG_DATA_HOME: dir,
    ZDOTDIR: dir,
    TERM: 'xterm',
  };
  const tmux = (args: string) => spawnShell(`tmux -S '${socket}' ${args}`, { env });
  const poll = async (text: string) => {
    const deadline = Date.now() + 10_000;
    let seen = (await tmux('capture-pane -p')).stdout;
    while (!seen.includes(text)) {
      if (Date.now() > deadline) throw new Error(`${shell}: no '${text}' on the screen:\n${seen}`);
      await new Promise((r) => setTimeout(r, 100));
      seen = (await tmux('capture-pane -p')).stdout;
    }
  };
  await tmux(`new-session -d -x 150 -y 20 ${shellWord(start)}`);
  try {
    await poll('hd$');
    await tmux(`send-keys -l 'healthdata --profile al'`);
    await tmux('send-keys Tab');
    await poll('--profile alice');
    // TAB added the space after the profile.
    await tmux(`send-keys -l 'met'`);
    await tmux('send-keys Tab');
    await poll('alice metrics');
    await tmux('send-keys Enter');
    await untilWritten(out, 10_000);
    return readFileSync(out, 'utf8');
  } finally {
    await tmux('kill-server');
  }
}

const TIMEOUT = 60_000;
const EXPECTED = '<--profile>\n<alice>\n<metrics>\n';

describe.skipIf(!existsSync('/usr/bin/tmux'))('TAB after --profile before the command', () => {
  it(
    'bash completes the profile, then the command',
    async () => {
      expect(await tabBeforeCommand('bash')).toBe(EXPECTED);
    },
    TIMEOUT,
  );

  it.skipIf(!existsSync('/usr/bin/zsh'))(
    'zsh completes the profile, then the command',
    async () => {
      expect(await tabBeforeCommand('zsh')).toBe(EXPECTED);
    },
    TIMEOUT,
  );

  it.skipIf(!existsSync('/usr/bin/fish'))(
    'fish completes the profile, then the command',
    async () => {
      expect(await tabBeforeCommand('fish')).toBe(EXPECTED);
    },
    TIMEOUT,
  );
});
