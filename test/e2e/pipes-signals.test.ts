// Pipes and signals with the built binary in real shell pipelines: a reader that leaves while
// the next page hangs, a closed stderr, and signals while blocked on a reader that never reads.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { start, useSandbox } from '../helpers/sandbox.ts';
import { API_KEY, pageBody, rows, send, useTestServers } from '../helpers/test-server.ts';
import { BIN, ROOT, spawnShell } from '../helpers/spawn.ts';
import { TODAY_ENV } from '../helpers/today.ts';

const sandbox = useSandbox({ plan: 'pro' });
const serve = useTestServers();
const hd = `'${process.execPath}' '${BIN}'`;
const envFor = (s: { url: string; apiKey: string }) => ({
  HEALTHDATA_BASE_URL: s.url,
  HEALTHDATA_API_KEY: s.apiKey,
});

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a reader that goes away', () => {
  for (const [what, count] of [
    ['a small first page (all of it in the pipe before head leaves)', 5],
    ['a first page bigger than a pipe holds', 3000],
  ] as const) {
    it(`\`| head\` ends at once while the next page hangs, after ${what}`, async () => {
      let aborted = false;
      const server = await serve([
        (_req, res) => send(res, 200, pageBody(rows(0, count), 'next')),
        (req) => req.socket.on('close', () => (aborted = true)),
      ]);
      const result = await spawnShell(`${hd} metrics -f ndjson --timeout 600 | head -n 3`, {
        env: { HEALTHDATA_BASE_URL: server.url, HEALTHDATA_API_KEY: API_KEY },
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
      expect(server.requests).toHaveLength(2);
      await until(() => aborted);
    });
  }

  it('EPIPE on stderr (`--verbose 2>&1 | head`) ends quietly with exit 0', async () => {
    const dir = tempDir();
    const result = await spawnShell(
      `${hd} metrics --verbose --page-size 10 -o '${join(dir, 'out.csv')}' 2>&1 | head -n 1`,
      { env: envFor(sandbox.current) },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^healthdata: /);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    // The export did not finish: nothing committed, no temp file left.
    expect(readdirSync(dir)).toEqual([]);
  });
});

/**
 * Waits until the writer is stuck: it made requests, then made no more for a while (it asks for
 * the next page only once the previous one is written).
 */
async function stalled(requests: () => number): Promise<void> {
  let seen = -1;
  let since = Date.now();
  await until(() => {
    const now = requests();
    if (now !== seen) {
      seen = now;
      since = Date.now();
    }
    return now >= 2 && Date.now() - since > 400;
  });
}

/** Spawns the binary with stdout on a pipe nobody reads, so its writes stall once the pipe is full. */
function spawnStalled(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'], ...TODAY_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never read stdout: pause it so the pipe fills and stays full.
  child.stdout.pause();
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null }>((resolve) =>
    child.on('exit', (code) => resolve({ code })),
  );
  return { child, exited, stderr: () => stderr };
}

describe('signals while blocked on a stalled reader', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} on a stalled stdout exits ${code}`, async () => {
      const s: Sandbox = await start({ plan: 'pro' });
      try {
        const run = spawnStalled(['metrics', '-f', 'csv', '--page-size', '1000'], envFor(s));
        // The writer stops asking for pages once it is stuck on the full pipe.
        await stalled(() => s.requests.length);
        run.child.kill(signal);
        const { code: exit } = await run.exited;
        expect(exit).toBe(code);
        expect(run.stderr()).toBe(`healthdata: stopped by ${signal}\n`);
      } finally {
        await s.close();
      }
    });
  }

  it('SIGTERM with -o on a FIFO whose reader never reads exits 143', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // A reader that opens the FIFO and never reads from it.
    const holder = spawn('sh', ['-c', `exec sleep 60 < '${fifo}'`], { stdio: 'ignore' });
    try {
      const s = sandbox.current;
      const mark = s.requests.length;
      const run = spawnStalled(
        ['metrics', '-f', 'csv', '--page-size', '1000', '-o', fifo],
        envFor(s),
      );
      await stalled(() => s.requests.length - mark);
      run.child.kill('SIGTERM');
      const { code } = await run.exited;
      expect(code).toBe(143);
      expect(run.stderr()).toBe('healthdata: stopped by SIGTERM\n');
      expect(readdirSync(dir)).toEqual(['pipe']);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

// The reader probe holds back the last few characters of each write (pipe-probe.ts). A run
// that fails, or is stopped, must still send them: else the last row is cut short, a row a
// csv reader takes with `stream` = "fa", or a line jq cannot parse.
describe('a run that ends early on a pipe', () => {
  const whole = (format: 'csv' | 'ndjson', stdout: string, count: number): void => {
    expect(stdout.endsWith('\n')).toBe(true);
    const lines = stdout.trimEnd().split('\n');
    if (format === 'csv') {
      expect(lines).toHaveLength(count + 1);
      for (const line of lines.slice(1)) expect(line).toMatch(/^[^,]*(,[^,]*){6}$/);
      expect(lines.at(-1)).toMatch(/,(true|false)$/);
    } else {
      expect(lines).toHaveLength(count);
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
  };

  for (const format of ['csv', 'ndjson'] as const) {
    it(`${format}: a server error after a page leaves every written row whole (exit 1)`, async () => {
      const server = await serve([
        (_req, res) => send(res, 200, pageBody(rows(0, 50), 'next')),
        (_req, res) => send(res, 500, '{"error":{"code":"internal","message":"down"}}'),
      ]);
      const result = await spawnShell(`${hd} metrics -f ${format} --retries 0 | cat`, {
        env: { HEALTHDATA_BASE_URL: server.url, HEALTHDATA_API_KEY: API_KEY },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/500/);
      expect(result.stderr).toContain(
        'warning: the output stops after 50 rows: it is incomplete\n',
      );
      whole(format, result.stdout, 50);
    });
  }

  it('SIGTERM while the next page is awaited leaves every written row whole (exit 143)', async () => {
    const server = await serve([
      (_req, res) => send(res, 200, pageBody(rows(0, 40), 'next')),
      () => undefined, // never answers
    ]);
    const pidFile = join(tempDir(), 'hd.pid');
    const done = spawnShell(
      `sh -c 'echo $$ > "$0"; exec "$1" "$2" metrics -f csv --timeout 600' '${pidFile}' '${process.execPath}' '${BIN}' | cat`,
      { env: { HEALTHDATA_BASE_URL: server.url, HEALTHDATA_API_KEY: API_KEY } },
    );
    await until(() => server.requests.length >= 2 && existsSync(pidFile));
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
    const result = await done;
    expect(result.code).toBe(143);
    expect(result.stderr).toBe('healthdata: stopped by SIGTERM\n');
    whole('csv', result.stdout, 40);
  });
});
