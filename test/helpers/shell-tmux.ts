// An interactive bash, zsh or fish in a real terminal (tmux), with healthdata's completion
// loaded, for tests of a real TAB: `healthdata __complete` is the real CLI, and any other
// healthdata command line writes its arguments, one `<arg>` a line, to `out` (whole, by a
// rename). Nothing of the shells' own (history, fish's settings) goes to the real home.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './cli.ts';
import { shellWord } from './hostile-names.ts';
import { HD } from './pty.ts';
import { spawnShell } from './spawn.ts';

export type Shell = 'bash' | 'zsh' | 'fish';

function startup(shell: Shell, out: string, after: readonly string[]): string {
  const part = shellWord(`${out}.part`);
  if (shell === 'fish') {
    return [
      "function fish_prompt; echo 'hd$ '; end",
      'function healthdata',
      `  if test "$argv[1]" = __complete; ${HD} $argv; else; printf '<%s>\\n' $argv > ${part}; mv ${part} ${shellWord(out)}; end`,
      'end',
      `${HD} completion fish | source`,
      ...after,
    ].join('\n');
  }
  return [
    ...(shell === 'zsh' ? ['autoload -U compinit && compinit -u'] : []),
    "PS1='hd$ '",
    'healthdata() {',
    `  if [ "$1" = __complete ]; then ${HD} "$@"; else printf '<%s>\\n' "$@" > ${part} && mv ${part} ${shellWord(out)}; fi`,
    '}',
    `source <(${HD} completion ${shell})`,
    ...after,
  ].join('\n');
}

export interface TmuxShell {
  /** Where the command line Enter runs writes its arguments. */
  out: string;
  tmux(args: string): ReturnType<typeof spawnShell>;
  /** Waits until the screen shows `text` (10 s), else fails with the screen. */
  poll(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shell at its prompt. `env` is healthdata's (config, API); `after` are start-up lines run
 * last (a `cd`); `describe` adds to a failure what the test wants said (markers that ran).
 */
export async function openShell(
  shell: Shell,
  env: Record<string, string>,
  options: { after?: readonly string[]; describe?: () => string } = {},
): Promise<TmuxShell> {
  const dir = tempDir('tmux-shell-');
  const out = join(dir, 'args.txt');
  const rc = join(dir, shell === 'zsh' ? '.zshrc' : 'rc');
  writeFileSync(rc, startup(shell, out, options.after ?? []));
  const start = {
    bash: `bash --noprofile --rcfile '${rc}' -i`,
    zsh: 'zsh -i',
    fish: `fish --no-config --init-command 'source ${rc}'`,
  }[shell];
  const socket = join(dir, 'tmux.sock');
  const fullEnv = {
    XDG_CACHE_HOME: tempDir(),
    ...env,
    HISTFILE: join(dir, 'history'),
    XDG_CONFIG_HOME: dir,
    XDG_DATA_HOME: dir,
    ZDOTDIR: dir,
    TERM: 'xterm',
  };
  const tmux = (args: string) => spawnShell(`tmux -S '${socket}' ${args}`, { env: fullEnv });
  const poll = async (text: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    let seen = (await tmux('capture-pane -p')).stdout;
    while (!seen.includes(text)) {
      if (Date.now() > deadline) {
        const more = options.describe?.() ?? '';
        throw new Error(`${shell}: no '${text}' on the screen${more}:\n${seen}`);
      }
      await new Promise((r) => setTimeout(r, 100));
      seen = (await tmux('capture-pane -p')).stdout;
    }
  };
  await tmux(`new-session -d -x 150 -y 20 ${shellWord(start)}`);
  const close = async (): Promise<void> => {
    await tmux('kill-server');
  };
  try {
    await poll('hd$');
  } catch (error) {
    await close();
    throw error;
  }
  return { out, tmux, poll, close };
}
