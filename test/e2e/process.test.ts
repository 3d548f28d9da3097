// What only a real process shows: the built binary in shell pipelines, under signals, and
// writing files for cron.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { metricsRequests, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { BIN, spawnCli, spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });
const hd = `'${process.execPath}' '${BIN}'`;

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('pipes', () => {
  it('`| head -n 3` prints three lines, exits 0, says nothing, and stops fetching', async () => {
    const mark = sandbox.current.requests.length;
    // One page (1000 rows, ~150 KB) is more than a pipe buffer holds, so writing the first page
    // blocks until head has read its lines and left, however slowly head starts on busy cores.
    // With smaller pages, several fitted in the buffer before head left: the request count then
    // depended on timing.
    const result = await spawnShell(`${hd} metrics -f ndjson --page-size 1000 | head -n 3`, {
      env: envFor(sandbox.current),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
    // About twenty pages exist; the reader left during the first.
    expect(metricsRequests(sandbox.current, mark).length).toBeLessThanOrEqual(4);
  });

  it('a slow reader still gets every row, in full', async () => {
    const args = '--from 90d -f csv --page-size 200';
    const fast = await spawnShell(`${hd} metrics ${args} | wc -l`, {
      env: envFor(sandbox.current),
    });
    const slow = await spawnShell(`${hd} metrics ${args} | (sleep 1; cat) | wc -l`, {
      env: envFor(sandbox.current),
    });
    expect(slow.code).toBe(0);
    expect(Number(slow.stdout.trim())).toBe(Number(fast.stdout.trim()));
    expect(Number(fast.stdout.trim())).toBeGreaterThan(1000);
  });
});

describe('signals', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} stops the export, removes the temp file, keeps the old file, exits ${code}`, async () => {
      const slow = await startSandbox({ today: TODAY, latencyMs: 150, plan: 'pro' });
      try {
        const dir = tempDir();
        const target = join(dir, 'export.csv');
        writeFileSync(target, 'previous export\n');
        const result = await spawnCli(['metrics', '--page-size', '10', '-o', target], {
          env: envFor(slow),
          onStart: (child) => {
            void until(() => slow.requests.length >= 3).then(() => child.kill(signal));
          },
        });
        expect(result.code).toBe(code);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(`healthdata: stopped by ${signal}\n`);
        expect(readFileSync(target, 'utf8')).toBe('previous export\n');
        expect(readdirSync(dir)).toEqual(['export.csv']);
      } finally {
        await slow.close();
      }
    });
  }
});

describe('--output for cron', () => {
  it('writes the file atomically, 0600, with nothing on stdout', async () => {
    const dir = tempDir();
    const target = join(dir, 'steps.csv');
    const result = await spawnCli(['metrics', '-m', 'steps_total', '--from', '30d', '-o', target], {
      env: envFor(sandbox.current),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const lines = readFileSync(target, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
    expect(lines.length).toBeGreaterThan(20);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['steps.csv']);
  });

  it('a failure halfway leaves the previous file untouched and no temp file', async () => {
    // Fails every request after a few: rate limit 3/s with no retries.
    const flaky = await startSandbox({ today: TODAY, plan: 'pro', rateLimit: 3 });
    try {
      const dir = tempDir();
      const target = join(dir, 'all.json');
      writeFileSync(target, '{"previous":true}\n');
      const result = await spawnCli(
        ['metrics', '-f', 'json', '--page-size', '20', '--retries', '0', '-o', target],
        { env: envFor(flaky) },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^healthdata: error: the API is rate limiting requests \(429\)/,
      );
      expect(readFileSync(target, 'utf8')).toBe('{"previous":true}\n');
      expect(readdirSync(dir)).toEqual(['all.json']);
    } finally {
      await flaky.close();
    }
  });

  it('refuses a directory as the target', async () => {
    const result = await spawnCli(['metrics', '-o', tempDir()], { env: envFor(sandbox.current) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is a directory');
  });
});
