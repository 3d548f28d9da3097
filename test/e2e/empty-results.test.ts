// An empty result is explained on stderr (unless --quiet). -m/-p names are checked against the
// catalog first: a near miss is a usage error, a name with nothing near a warning.
import { describe, expect, it } from 'vitest';
import { closestName as closest } from '../../src/lib/closest-name.ts';
import { join } from 'node:path';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const hd = (...args: string[]) => runCli(['metrics', ...args, ...sandbox.args()]);
const catalogRequests = (from: number) =>
  sandbox.current.requests.slice(from).filter((r) => r.path.startsWith('/api/v1/catalog')).length;

describe('empty results and -m/-p names are explained', () => {
  it('a range wholly before the history floor', async () => {
    const result = await hd('--from', '2001-01-01', '--to', '2001-12-31');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/nothing before \d{4}-\d{2}-\d{2} is available on your pro plan/);
  });

  it('the same range in summary and chart: a warning, exit 0', async () => {
    const range = ['--from', '2001-01-01', '--to', '2001-12-31', ...sandbox.args()];
    const summary = await runCli(['summary', '-m', 'steps', ...range]);
    expect(summary.code).toBe(0);
    expect(summary.stderr).toMatch(/^warning: nothing before \S+ is available on your pro plan$/m);
    const chart = await runCli(['chart', 'steps', ...range]);
    expect(chart.code).toBe(0);
    expect(chart.stdout).toBe('');
    expect(chart.stderr).toMatch(/^warning: nothing to draw: nothing before \S+ is available on/m);
    expect(chart.stderr).not.toContain('error');
  });

  it('a near miss of a catalog name is a usage error naming it; the catalog asked once', async () => {
    const mark = sandbox.current.requests.length;
    const result = await hd('-m', 'step', '--from', '30d');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "healthdata: error: no metric named 'step' in your catalog — did you mean 'steps'?\n",
    );
    expect(catalogRequests(mark)).toBe(1);
  });

  it('a misspelt name beside good ones, and a metric in the wrong case, are typos too', async () => {
    const list = await hd('-m', 'steps_totl,hrv', '--from', '3d');
    expect(list.code).toBe(2);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain(
      "no metric named 'steps_totl' in your catalog — did you mean 'steps_total'?",
    );
    const cased = await hd('-m', 'Steps', '--from', '3d');
    expect(cased.code).toBe(2);
    expect(cased.stderr).toContain("did you mean 'steps'?");
    // A text metric in the list is known to the catalog: nothing to say about it.
    const text = await hd('-m', 'mood,hrv', '--from', '3d');
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('');
  });

  it('a name with nothing near is only absent: a warning, which --quiet silences', async () => {
    const result = await hd('-p', 'zzzzzzzzzz', '--from', '30d');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "warning: no provider named 'zzzzzzzzzz' in your catalog: it has no rows in your plan's window\n",
    );
    const quiet = await hd('-p', 'zzzzzzzzzz', '--from', '30d', '--quiet');
    expect({ code: quiet.code, stderr: quiet.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('a typo fails with --quiet too; a run without -m or -p never asks the catalog', async () => {
    const quiet = await hd('-m', 'step', '--quiet');
    expect(quiet.code).toBe(2);
    expect(quiet.stderr).toContain("did you mean 'steps'?");
    const mark = sandbox.current.requests.length;
    // (--quiet: the notice about several rows a day would ask it about _total twins.)
    const full = await hd('--from', '3d', '--quiet');
    expect(full.stdout.split('\n').length).toBeGreaterThan(2);
    expect(catalogRequests(mark)).toBe(0);
  });

  it('closest() suggests only near names', () => {
    expect(closest('restng_heart_rate', ['resting_heart_rate', 'steps'])).toBe(
      'resting_heart_rate',
    );
    expect(closest('Steps', ['steps_total', 'steps'])).toBe('steps');
    expect(closest('weight', ['steps', 'sleep'])).toBeUndefined();
  });
});

describe('a --from after today', () => {
  const clock = fixedClock(TODAY);
  const future = (command: string[], extra: string[] = []) =>
    runCli([...command, '--from', '2030-01-01', ...extra, ...sandbox.args()], { clock });
  const says = `--from 2030-01-01 is after today (${TODAY}), so there is no data yet — use a date on or before today, e.g. --from 30d`;

  it('metrics and summary: data-only stdout, exit 0, one warning naming both dates', async () => {
    const metrics = await future(['metrics']);
    expect(metrics.code).toBe(0);
    expect(metrics.stdout).toBe('date,provider,metric,numValue,textValue,unit,stream\n');
    expect(metrics.stderr).toBe(`warning: ${says}\n`);
    const summary = await future(['summary', '-m', 'steps,weight']);
    expect(summary.code).toBe(0);
    expect(summary.stdout.split('\n')[0]).toMatch(/^metric,provider,/);
    expect(summary.stdout).not.toContain('after today');
    expect(summary.stderr).toBe(`warning: ${says}\n`);
  });

  it('sync: the empty target is explained the same way', async () => {
    const target = join(tempDir(), 'future.csv');
    const sync = await future(['sync', target]);
    expect(sync.code).toBe(0);
    expect(sync.stderr).toContain(`warning: ${says}\n`);
  });

  it('chart: nothing to draw, a warning that says why, exit 0 as metrics and summary', async () => {
    const chart = await future(['chart', 'steps']);
    expect(chart.code).toBe(0);
    expect(chart.stdout).toBe('');
    expect(chart.stderr).toBe(`warning: nothing to draw: ${says}\n`);
  });

  it('--quiet silences the warning', async () => {
    for (const command of [['metrics'], ['summary'], ['chart', 'steps']]) {
      const quiet = await future(command, ['--quiet']);
      expect({ command, code: quiet.code, stderr: quiet.stderr }).toEqual({
        command,
        code: 0,
        stderr: '',
      });
    }
  });

  it('says nothing when rows come back (a server a day ahead of the local date)', async () => {
    // The local date is a day behind the sandbox's: --from is "tomorrow" here, yet has data.
    const behind = fixedClock(addDays(TODAY, -1));
    const args = ['-m', 'steps_total', '--from', TODAY, ...sandbox.args()];
    const metrics = await runCli(['metrics', ...args], { clock: behind });
    expect(metrics.stdout.trimEnd().split('\n').length).toBeGreaterThan(1);
    expect(metrics.stderr).not.toContain('after today');
    const summary = await runCli(['summary', ...args], { clock: behind });
    expect(summary.stdout).toMatch(/^steps_total,PhoneHealth,/m);
    expect(summary.stderr).not.toContain('after today');
  });
});
