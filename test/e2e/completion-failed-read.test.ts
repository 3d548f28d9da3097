// TAB against an API that cannot answer the catalog: the first TAB waits for it (at most the
// completion's short timeout) and offers nothing; the TABs after it, for 30 s, offer nothing at
// once, without asking again (a slow or failing API made every TAB wait the whole timeout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { send, startServer, type TestServer } from '../helpers/test-server.ts';

const KEY = 'phd_live_failing_0123456789abcdef';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) =>
    send(res, 500, '{"error":{"code":"internal","message":"down"}}'),
  );
});
afterAll(() => server.close());

describe('TAB when the catalog cannot be read', () => {
  it('asks once, then offers nothing at once for a while', async () => {
    const env = {
      HEALTHDATA_BASE_URL: server.url,
      HEALTHDATA_API_KEY: KEY,
      HEALTHDATA_CONFIG_DIR: tempDir(),
      XDG_CACHE_HOME: tempDir(),
    };
    const catalogReads = () => server.requests.filter((r) => r.path === '/api/v1/catalog').length;
    const before = catalogReads();
    for (let i = 0; i < 3; i++) {
      const got = await spawnCli(['__complete', 'metric'], { env });
      expect(got.code).toBe(0);
      expect(got.stdout).toBe('');
      expect(got.stderr).toBe('');
    }
    expect(catalogReads() - before).toBe(1);
    // Another person (another key) is asked for their own names: the failure was one person's.
    await spawnCli(['__complete', 'metric'], {
      env: { ...env, HEALTHDATA_API_KEY: `${KEY}_other` },
    });
    expect(catalogReads() - before).toBe(2);
  });
});
