// The SQLite library is loaded only when a SQLite target is synced, and from node_modules (it
// loads native SQLite, a .node file from its per-platform package, so the bundle leaves it
// out). Checked on the real binary, through the CommonJS modules it loaded, printed by a
// preload at exit.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli } from '../helpers/spawn.ts';

const PRELOAD_CODE =
  'import M from "node:module"; process.on("exit", () => process.stderr.write("\\nCJS " + JSON.stringify(Object.keys(M._cache))));';
// Base64, because NODE_OPTIONS strips quotes.
const PRELOAD = `data:text/javascript;base64,${Buffer.from(PRELOAD_CODE).toString('base64')}`;

async function commonJsLoaded(args: string[], env: Record<string, string>): Promise<string[]> {
  const result = await spawnCli(args, { env: { ...env, NODE_OPTIONS: `--import=${PRELOAD}` } });
  expect(result.code, result.stderr).toBe(0);
  const line = result.stderr.split('\n').find((l) => l.startsWith('CJS '));
  expect(line).toBeDefined(); // the preload ran: the list is real
  return JSON.parse(line?.slice('CJS '.length) ?? '[]') as string[];
}

describe('libsql', () => {
  const sandbox = useSandbox({ plan: 'free' });
  const env = () => ({
    HEALTHDATA_BASE_URL: sandbox.current.url,
    HEALTHDATA_API_KEY: sandbox.current.apiKey,
  });
  const sqlite = (files: string[]) =>
    files.filter((f) => /\/node_modules\/(@?libsql|node-sqlite3-wasm)\//.test(f));

  it('is not loaded by --help or sync --help', async () => {
    for (const args of [['--help'], ['sync', '--help']]) {
      const loaded = await commonJsLoaded(args, env());
      expect(sqlite(loaded)).toEqual([]);
    }
  });

  it('is loaded by a sync of a flat file too: it holds the kernel sync lock (src/sync/lock.ts)', async () => {
    const loaded = await commonJsLoaded(['sync', join(tempDir(), 'a.csv'), '-q'], env());
    expect(sqlite(loaded)).toContainEqual(
      expect.stringMatching(/\/node_modules\/libsql\/index\.js$/),
    );
  });

  it('is loaded, from node_modules, by a sync of a SQLite target', async () => {
    const loaded = await commonJsLoaded(['sync', join(tempDir(), 'a.db'), '-q'], env());
    const sqliteFiles = sqlite(loaded);
    expect(sqliteFiles).toContainEqual(expect.stringMatching(/\/node_modules\/libsql\/index\.js$/));
    // The native SQLite of this platform, from its prebuilt package.
    expect(sqliteFiles).toContainEqual(
      expect.stringMatching(/\/node_modules\/@libsql\/[a-z0-9-]+\/index\.node$/),
    );
    // and not the WebAssembly SQLite of earlier versions
    expect(loaded.filter((f) => f.includes('node-sqlite3-wasm'))).toEqual([]);
  });
});
