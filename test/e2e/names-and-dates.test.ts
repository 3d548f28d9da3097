// In every command that takes them: a date argument before 1900 is a usage error, before any
// request; a -m/-p name that is a near miss of a catalog name is a usage error naming it,
// before anything is written (cron jobs too: --quiet); a name simply absent is a warning
// (--quiet: errors only).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { metricsRequests, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const cli = (args: string[]) => runCli([...args, ...sandbox.args()]);
const ABSENT =
  "warning: no metric named 'zzzzzzzzzz' in your catalog: it has no rows in your plan's window\n";

describe('date arguments are bounded', () => {
  it.each([
    ['metrics', '--from', '999999d'],
    ['summary', '--from', '999999d'],
    ['chart', 'steps', '--to', '1850-01-01'],
    ['sync', join(tempDir(), 'd.csv'), '--from', '999999d'],
  ])('%s: exit 2, one line, no request', async (...args) => {
    const mark = sandbox.current.requests.length;
    const [option, value] = args.slice(-2) as [string, string];
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `healthdata: error: ${option} '${value}' is before 1900-01-01 — use a date from 1900 to 9999, e.g. ${option} 30d or ${option} 2024-01-01\n`,
    );
    expect(sandbox.current.requests.length).toBe(mark);
  });
});

describe('relative dates in weeks, calendar months and years', () => {
  it('metrics --from 1w/3m/1y asks the API from that day (today is 2026-11-22)', async () => {
    for (const [text, date] of [
      ['1w', '2026-11-15'],
      ['3m', '2026-08-22'],
      ['1y', '2025-11-22'],
    ] as const) {
      const mark = sandbox.current.requests.length;
      const result = await cli(['metrics', '-m', 'steps_total', '--from', text, '--to', text]);
      expect({ text, code: result.code }).toEqual({ text, code: 0 });
      expect(
        metricsRequests(sandbox.current, mark).map((q) => [q.get('from'), q.get('to')]),
      ).toEqual([[date, date]]);
      expect(
        result.stdout
          .split('\n')
          .slice(1, -1)
          .every((l) => l.startsWith(date)),
      ).toBe(true);
    }
  });

  it('a form it does not know is a usage error naming the forms it does, before any request', async () => {
    const mark = sandbox.current.requests.length;
    const result = await cli(['summary', '--from', '3mo']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "healthdata: error: --from '3mo' is not a date — use YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny (N days, weeks, months or years ago, e.g. 30d, 1w, 3m, 1y)\n",
    );
    expect(sandbox.current.requests.length).toBe(mark);
  });
});

describe('a typo in -m/-p fails loudly', () => {
  it('summary and chart: exit 2 with the name meant, nothing on stdout', async () => {
    for (const args of [
      ['summary', '-m', 'stepz_total', '-q'],
      ['summary', '-p', 'wristbnd'],
      ['chart', 'stepz_total', '-q'],
    ]) {
      const result = await cli(args);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({
        args,
        code: 2,
        stdout: '',
      });
      expect(result.stderr).toMatch(
        /^healthdata: error: no (metric|provider) named '\w+' in your catalog — did you mean '(steps_total|WristBand)'\?\n$/,
      );
    }
  });

  it('metrics -o: the old file stays as it was', async () => {
    const file = join(tempDir(), 'old.csv');
    writeFileSync(file, 'old\n');
    const result = await cli(['metrics', '-m', 'stepz_total', '-o', file]);
    expect(result.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('old\n');
  });

  it('sync -q: exit 2 and no target, where it used to sync nothing for ever', async () => {
    const target = join(tempDir(), 'cron.db');
    const result = await cli(['sync', target, '-q', '-m', 'stepz_total']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("did you mean 'steps_total'?");
    expect(existsSync(target)).toBe(false);
  });
});

describe('a name with nothing near is absent: a warning, which --quiet silences', () => {
  it('metrics, summary, daily and sync go on and say it; with -q they say nothing', async () => {
    const target = join(tempDir(), 'absent.csv');
    for (const args of [
      ['metrics', '-m', 'zzzzzzzzzz'],
      ['summary', '-m', 'zzzzzzzzzz'],
      ['daily', '-m', 'zzzzzzzzzz'],
      ['sync', target, '-m', 'zzzzzzzzzz'],
    ]) {
      const said = await cli(args);
      expect({ args, code: said.code }).toEqual({ args, code: 0 });
      // (sync then says what it synced, in a line of its own.)
      expect(said.stderr.startsWith(ABSENT)).toBe(true);
      const quiet = await cli([...args, '-q']);
      expect({ args, code: quiet.code, stderr: quiet.stderr }).toEqual({
        args,
        code: 0,
        stderr: '',
      });
    }
  });

  it('chart has nothing to draw: warnings that say why, exit 0; nothing with -q', async () => {
    const result = await cli(['chart', 'zzzzzzzzzz']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${ABSENT}warning: nothing to draw: zzzzzzzzzz has no data in the range\n`,
    );
    expect(await cli(['chart', 'zzzzzzzzzz', '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
