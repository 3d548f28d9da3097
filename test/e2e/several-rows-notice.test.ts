// The notice of `metrics` when several rows share a date, provider and metric (spec, Metric
// rules 2 and 3), end to end against the sandbox.
import { describe, expect, it } from 'vitest';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[]) =>
  runCli(['metrics', ...sandbox.args(), '-f', 'csv', ...args], { clock });
const catalogRequests = () =>
  sandbox.current.requests.filter((r) => r.path.startsWith('/api/v1/catalog')).length;
const notices = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('notice: '));

describe('several rows for one day', () => {
  it('says once per metric, on stderr, not to add them up and which twin to use', async () => {
    const { code, stdout, stderr } = await cli(['-m', 'steps', '--from', '30d']);
    expect(code).toBe(0);
    const lines = notices(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^notice: steps has several rows for one day from one provider/);
    expect(lines[0]).toContain('must not be added up');
    expect(lines[0]).toContain('use --metric steps_total');
    expect(stdout).not.toContain('notice');
  });

  it('asks the catalog about the twin once: the -m names were checked against it already', async () => {
    let before = catalogRequests();
    const both = await cli(['-m', 'steps,steps_total', '--from', '7d']);
    expect(notices(both.stderr)[0]).toContain('use --metric steps_total');
    expect(catalogRequests()).toBe(before + 1);
    before = catalogRequests();
    const one = await cli(['-m', 'steps', '--from', '7d']);
    expect(notices(one.stderr)[0]).toContain('use --metric steps_total');
    expect(catalogRequests()).toBe(before + 1);
  });

  it('covers aggregator app rows and streamed samples, never twins or one row a day', async () => {
    const all = await cli(['--from', '30d']);
    const metrics = notices(all.stderr).map((l) => l.split(' ')[1]);
    expect(metrics).toEqual([
      'active_energy',
      'distance',
      'heart_rate',
      'spo2',
      'steps',
      'walking_heart_rate',
    ]);
    // Streamed samples are readings through the day, not one row per source app.
    const heartRate = notices(all.stderr).find((l) => l.startsWith('notice: heart_rate '));
    expect(heartRate).toContain('separate samples through the day');
    const steps = notices(all.stderr).find((l) => l.startsWith('notice: steps '));
    expect(steps).toContain('one per source app');
  });

  it('names no twin for a metric that has none, and points to summary', async () => {
    const { stderr } = await cli(['-m', 'walking_heart_rate', '--from', '90d']);
    const lines = notices(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('walking_heart_rate has several rows');
    expect(lines[0]).not.toContain('walking_heart_rate_total');
    expect(lines[0]).toContain("'healthdata daily -m walking_heart_rate'");
  });

  it('is absent for the twin itself and for one row a day, and silenced by --quiet', async () => {
    const twin = await cli(['-m', 'steps_total,resting_heart_rate,hrv', '--from', '90d']);
    expect(twin.code).toBe(0);
    expect(twin.stdout.split('\n').length).toBeGreaterThan(100);
    expect(notices(twin.stderr)).toEqual([]);
    const quiet = await cli(['-m', 'steps', '--from', '30d', '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });
});
