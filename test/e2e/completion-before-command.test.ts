// A real TAB in a real terminal (tmux): `healthdata --profile al<TAB>`, a flag typed before the
// command, completes the profile (it used to offer command names), then `met<TAB>` the command,
// in bash, zsh and fish; Enter runs healthdata with those words.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { openShell, type Shell } from '../helpers/shell-tmux.ts';
import { untilWritten } from '../helpers/spawn.ts';

async function tabBeforeCommand(shell: Shell): Promise<string> {
  const config = tempDir('healthdata-config-');
  const profiles = { alice: { 'api-key': 'phd_live_alice_0123456789abcdef' }, bob: {} };
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  const { out, tmux, poll, close } = await openShell(shell, { HEALTHDATA_CONFIG_DIR: config });
  try {
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
    await close();
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
