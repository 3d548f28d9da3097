// Colour and its switches, and the pager, through a real pseudo-terminal (util-linux `script`,
// and tmux for less itself).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ESC, HD, inPty, sandboxEnv } from '../helpers/pty.ts';
import { useSandbox, metricsRequests } from '../helpers/sandbox.ts';
import { spawnShell, untilWritten } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const env = (extra: Record<string, string> = {}) => sandboxEnv(sandbox.current, extra);
const hd = HD;

describe('colour', () => {
  const cmd = 'hd metrics -m steps_total --from 3d --no-pager';

  it('bold header and dim secondary columns on a terminal', async () => {
    const { screen } = await inPty(cmd, { cols: 100, env: env() });
    expect(screen).toContain(`${ESC}[1mdate`);
    expect(screen).toContain(`${ESC}[2mcount`);
  });

  it('none with NO_COLOR or TERM=dumb', async () => {
    for (const extra of [{ NO_COLOR: '1' }, { TERM: 'dumb' }]) {
      const { screen } = await inPty(cmd, { cols: 100, env: env(extra) });
      expect(screen).toContain('steps_total');
      expect(screen).not.toContain(`${ESC}[`);
    }
  });

  it('FORCE_COLOR forces it, even into a pipe, and wins over NO_COLOR', async () => {
    const { stdout, stderr } = await spawnShell(`${cmd.replace('hd', hd)} -f table | cat`, {
      env: env({ FORCE_COLOR: '1', NO_COLOR: '1' }),
    });
    expect(stdout).toContain(`${ESC}[1mdate`);
    expect(stderr).toBe('');
  });

  it('red errors and yellow warnings on a terminal stderr', async () => {
    const bad = await inPty('hd metrics --api-key phd_live_wrong_000000000000 --no-pager', {
      cols: 100,
      env: env(),
    });
    expect(bad.code).toBe(3);
    expect(bad.screen).toContain(`healthdata: ${ESC}[31merror:${ESC}[39m the API rejected the key`);
    const clamped = await inPty('hd metrics -m steps_total --from 2000-01-01 > /dev/null', {
      cols: 100,
      env: env(),
    });
    const usage = await inPty('hd metrics --bogus', { cols: 100, env: env() });
    expect(usage.code).toBe(2);
    expect(usage.screen).toContain(
      `healthdata: ${ESC}[31merror:${ESC}[39m unknown option '--bogus'`,
    );
    expect(clamped.screen).toContain(`${ESC}[33mwarning:${ESC}[39m --from 2000-01-01 was clamped`);
  });
});

describe('the pager', () => {
  // A fixed date: the sandbox's today is fixed (2026-11-22), the command's clock is not.
  const cmd = 'hd metrics -m steps_total --from 2026-10-24';

  it('gets the output when HEALTHDATA_PAGER is set, PAGER otherwise', async () => {
    for (const name of ['HEALTHDATA_PAGER', 'PAGER']) {
      const dir = tempDir();
      const paged = join(dir, 'paged.txt');
      const { code, screen } = await inPty(cmd, {
        cols: 100,
        env: env({ NO_COLOR: '1', [name]: `cat > '${paged}'` }),
      });
      expect(code).toBe(0);
      const text = readFileSync(paged, 'utf8');
      expect(text).toMatch(/^date\s+provider/);
      expect(text.trimEnd().split('\n')).toHaveLength(31);
      expect(screen).not.toContain('steps_total');
    }
  });

  it('is off with --no-pager, HEALTHDATA_PAGER= or cat, and when stdout is not a terminal', async () => {
    const dir = tempDir();
    const paged = join(dir, 'paged.txt');
    const runs = [
      inPty(`${cmd} --no-pager`, { cols: 100, env: env({ PAGER: `cat > '${paged}'` }) }),
      inPty(cmd, { cols: 100, env: env({ HEALTHDATA_PAGER: '', PAGER: `cat > '${paged}'` }) }),
      inPty(cmd, { cols: 100, env: env({ HEALTHDATA_PAGER: 'cat' }) }),
      inPty(`${cmd} | cat`, { cols: 100, env: env({ PAGER: `cat > '${paged}'` }) }),
    ];
    for (const { code, screen } of await Promise.all(runs)) {
      expect(code).toBe(0);
      expect(screen).toContain('steps_total');
    }
    expect(existsSync(paged)).toBe(false);
  });

  it('quitting it early ends the command quietly with exit 0 and stops fetching', async () => {
    const mark = sandbox.current.requests.length;
    const dir = tempDir();
    const { code, screen } = await inPty('hd metrics --page-size 100', {
      cols: 100,
      env: env({ HEALTHDATA_PAGER: `head -c 3000 > '${join(dir, 'p.txt')}'` }),
    });
    expect(code).toBe(0);
    expect(screen).not.toContain('error');
    // Some 19,000 rows are 190 pages: the export stopped right after the pager went away.
    expect(metricsRequests(sandbox.current, mark).length).toBeLessThan(20);
  });

  it('says so when the pager cannot run, instead of losing the output', async () => {
    const { code, screen } = await inPty(cmd, {
      cols: 100,
      env: env({ HEALTHDATA_PAGER: 'no-such-pager-here' }),
    });
    expect(code).toBe(2);
    expect(screen).toContain("the pager 'no-such-pager-here' could not be run");
  });

  // The real thing: less in tmux, quit with q while rows are still coming.
  it.skipIf(!existsSync('/usr/bin/tmux') || !existsSync('/usr/bin/less'))(
    'less -FRX by default; q quits it, ending the command with exit 0',
    async () => {
      const dir = tempDir();
      const done = join(dir, 'exit.txt');
      // In the temp dir (-S): under /tmp/tmux-<uid> (-L) kill-server left the socket behind.
      const socket = join(dir, 'tmux.sock');
      const tmux = (args: string) => spawnShell(`tmux -S '${socket}' ${args}`, { env: env() });
      const mark = sandbox.current.requests.length;
      const command = `TERM=xterm ${hd} metrics --page-size 100 2>/dev/null; echo $? > '${done}'`;
      await tmux(`new-session -d -x 100 -y 20 "${command.replace(/"/g, '\\"')}"`);
      try {
        await until(async () => (await tmux('capture-pane -p')).stdout.includes('date'));
        const screen = (await tmux('capture-pane -p')).stdout;
        expect(screen).toMatch(/^date\s+provider\s+metric/m);
        await tmux('send-keys q');
        await untilWritten(done);
        expect(readFileSync(done, 'utf8').trim()).toBe('0');
        expect(metricsRequests(sandbox.current, mark).length).toBeLessThan(30);
      } finally {
        await tmux('kill-server');
      }
    },
  );
});

/** Polls until `check` holds (a process to start or to end), failing after 15 s. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
