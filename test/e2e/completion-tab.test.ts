// A real TAB in a real terminal (tmux), in bash, zsh and fish, against a server whose catalog
// names are shell code: TAB completes `-m mz` and `-p pz` to the one name each starts, and
// Enter then runs healthdata with those names as its literal arguments. Nothing runs, neither
// on TAB nor on Enter (the shell's working directory is looked at for markers).
import { existsSync, readFileSync } from 'node:fs';
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
import { openShell, type Shell } from '../helpers/shell-tmux.ts';
import { untilWritten } from '../helpers/spawn.ts';
import { API_KEY, startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(hostileApi({ catalog: hostileCatalog() }));
});
afterAll(() => server.close());

/** The one metric and the one provider name that `mz` and `pz` start. */
const METRIC = offerableNames('m').find((n) => n.startsWith('mz')) ?? '';
const PROVIDER = offerableNames('p').find((n) => n.startsWith('pz')) ?? '';

async function tabInTmux(shell: Shell): Promise<{ args: string; markers: string[] }> {
  const cwd = markerDir();
  const env = {
    HEALTHDATA_BASE_URL: server.url,
    HEALTHDATA_API_KEY: API_KEY,
    HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
  };
  const { out, tmux, poll, close } = await openShell(shell, env, {
    after: [`cd ${shellWord(cwd)}`],
    describe: () => ` (ran: ${markersIn(cwd).join(', ')})`,
  });
  try {
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
    await close();
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
