// Quitting the pager while the next page is still awaited ends the run at once, quietly, as a
// reader leaving a pipe does: the request in flight is aborted, not waited for.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { inPty } from '../helpers/pty.ts';
import { API_KEY, pageBody, rows, send, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

describe('quitting the pager', () => {
  it('while the next page hangs: exit 0 at once, the hung request aborted', async () => {
    let aborted = false;
    const server = await serve([
      (_req, res) => send(res, 200, pageBody(rows(0, 20), 'next')),
      // Never answers: only an abort ends this run before its 600 s timeout.
      (req) => req.socket.on('close', () => (aborted = true)),
    ]);
    const dir = tempDir('pager-quit-');
    // Like a person pressing q after the first screen: reads a little, then exits.
    writeFileSync(join(dir, 'pager.sh'), 'head -c 200 > /dev/null\n');
    const { code, screen } = await inPty(`hd metrics --timeout 600; echo "exit=$?"`, {
      cols: 100,
      env: {
        HEALTHDATA_BASE_URL: server.url,
        HEALTHDATA_API_KEY: API_KEY,
        HEALTHDATA_CONFIG_DIR: dir,
        HEALTHDATA_PAGER: `sh ${join(dir, 'pager.sh')}`,
        NO_COLOR: '1',
      },
    });
    expect(code).toBe(0);
    expect(screen).toContain('exit=0');
    expect(screen).not.toMatch(/error/i);
    expect(server.requests).toHaveLength(2);
    expect(aborted).toBe(true);
  });
});
