// The live progress line on stderr, through a real pseudo-terminal (util-linux `script`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ESC, inPty, sandboxEnv } from '../helpers/pty.ts';
import { useSandbox } from '../helpers/sandbox.ts';

// 10 ms a page: the export of ~95 pages lasts long enough for the progress line to be drawn
// more than once (without it a quiet machine finished in 0.1 s, one frame at 0 %).
const sandbox = useSandbox({ plan: 'pro', latencyMs: 10 });
const env = (extra: Record<string, string> = {}) => sandboxEnv(sandbox.current, extra);

describe('live progress', () => {
  it('shows on the terminal while rows go to a file, then the summary', async () => {
    const out = join(tempDir(), 'all.csv');
    const { code, screen } = await inPty(`hd metrics --page-size 200 -o '${out}'`, {
      cols: 100,
      env: env(),
    });
    expect(code).toBe(0);
    expect(screen).toMatch(/\d+ rows · \d+ pages · [\d,]+ rows\/s/);
    expect(screen).toMatch(/█+.* +\d+%/);
    // Cleared, then replaced by the summary (after any notice) on a clean line.
    expect(screen).toMatch(
      new RegExp(
        `${ESC}\\[2K(notice: .*\\n(  .*\\n)*)?wrote ${sandbox.current.rowCount} rows to ${out} in \\d+\\.\\d s\\n`,
      ),
    );
  });

  it('shows with --parallel and for a pipe, and is cleared without a receipt', async () => {
    const { code, screen } = await inPty('hd metrics --parallel 4 --page-size 200 | wc -l', {
      cols: 100,
      env: env(),
    });
    expect(code).toBe(0);
    expect(screen).toContain('rows/s');
    // Rows that went down a pipe need no 'wrote N rows' on every run: that is for -o files.
    expect(screen).not.toContain('wrote');
    expect(screen).toContain(`${ESC}[2K`);
    expect(screen).toMatch(new RegExp(`^${sandbox.current.rowCount + 1}$`, 'm'));
  });

  it('is absent when stderr is a file, with --quiet, and with TERM=dumb', async () => {
    const dir = tempDir();
    const err = join(dir, 'err.txt');
    const toFile = await inPty(`hd metrics -o '${join(dir, 'a.csv')}' 2> '${err}'`, {
      cols: 100,
      env: env(),
    });
    expect(toFile.code).toBe(0);
    expect(readFileSync(err, 'utf8')).not.toContain('rows/s');
    expect(readFileSync(err, 'utf8')).not.toContain(ESC);
    for (const [flags, extra] of [
      ['--quiet', {}],
      ['', { TERM: 'dumb' }],
    ] as const) {
      const { screen } = await inPty(`hd metrics ${flags} -o '${join(dir, 'b.csv')}'`, {
        cols: 100,
        env: env(extra),
      });
      expect(screen).not.toContain('rows/s');
    }
  });
});
