// The notice of `metrics` when several rows share a date, provider and metric (spec, Metric
// rules 2 and 3), end to end against the sandbox.
import { describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { inPty, sandboxEnv, stripAnsi } from '../helpers/pty.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[]) =>
  runCli(['metrics', ...sandbox.args(), '-f', 'csv', ...args], { clock });
const catalogRequests = () =>
  sandbox.current.requests.filter((r) => r.path.startsWith('/api/v1/catalog')).length;
const notices = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('notice: '));

describe('several rows for one day', () => {
  it('says so on stderr, naming the twin to use', async () => {
    const { code, stdout, stderr } = await cli(['-m', 'steps', '--from', '30d']);
    expect(code).toBe(0);
    expect(notices(stderr)).toEqual([
      'notice: several rows a day for steps must not be added up (one per source app); for daily totals use -m steps_total.',
    ]);
    expect(stdout).not.toContain('notice');
  });

  it('asks the catalog about the twin once: the -m names were checked against it already', async () => {
    let before = catalogRequests();
    const both = await cli(['-m', 'steps,steps_total', '--from', '7d']);
    expect(notices(both.stderr)[0]).toContain('use -m steps_total');
    expect(catalogRequests()).toBe(before + 1);
    before = catalogRequests();
    const one = await cli(['-m', 'steps', '--from', '7d']);
    expect(notices(one.stderr)[0]).toContain('use -m steps_total');
    expect(catalogRequests()).toBe(before + 1);
  });

  it('says the rule once for every metric: aggregator app rows and streamed samples, never twins or one row a day', async () => {
    const all = await cli(['--from', '30d']);
    expect(all.code).toBe(0);
    expect(all.stderr).toBe(
      "notice: several rows a day for active_energy, distance, heart_rate, spo2, steps, walking_heart_rate must not be added up (one per source app, or samples through the day); for daily totals use -m active_energy_total,distance_total,steps_total; 'healthdata daily -m heart_rate,spo2,walking_heart_rate' gives each day's value.\n",
    );
  });

  it('names no twin for a metric that has none, and points to daily', async () => {
    const { stderr } = await cli(['-m', 'walking_heart_rate', '--from', '90d']);
    expect(notices(stderr)).toEqual([
      "notice: several rows a day for walking_heart_rate must not be added up (one per source app); 'healthdata daily -m walking_heart_rate' gives each day's value.",
    ]);
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

describe('on a terminal (a real pty)', () => {
  it('is the only line a plain run prints, wrapped to the width, every line within it', async () => {
    const { code, screen } = await inPty('hd metrics --from 7d --no-pager >/dev/null', {
      cols: 70,
      env: sandboxEnv(sandbox.current),
    });
    expect(code).toBe(0);
    // What the terminal shows: the progress line was cleared (\r, erase line) before it.
    const lines = stripAnsi(screen)
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\r').at(-1) ?? '');
    // No plan line, no demo address, no receipt for rows sent to stdout.
    expect(lines[0]).toMatch(/^notice: several rows a day for active_energy, distance,/);
    expect(lines.slice(1).every((l) => l.startsWith('  '))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(70);
    // Joined back, the same one notice as off a terminal: no word lost or cut.
    expect(lines.map((l) => l.trim()).join(' ')).toContain(
      "for daily totals use -m active_energy_total,distance_total,steps_total; 'healthdata daily -m heart_rate,spo2,walking_heart_rate' gives each day's value.",
    );
  });

  it('--demo says nothing about the sandbox unless --verbose; -q says nothing at all', async () => {
    const env = { HEALTHDATA_CONFIG_DIR: tempDir(), NO_COLOR: '1' };
    const plain = await inPty('hd metrics --demo -m steps_total --from 7d -o /dev/null', {
      cols: 100,
      env,
    });
    expect(plain.code).toBe(0);
    expect(stripAnsi(plain.screen)).not.toMatch(/sandbox|plan:/);
    const verbose = await inPty('hd metrics --demo -m steps_total --from 7d --verbose >/dev/null', {
      cols: 100,
      env,
    });
    expect(verbose.screen).toMatch(
      /^healthdata: using the built-in sandbox with demo data \(http:\/\/127\.0\.0\.1:\d+\)$/m,
    );
    expect(verbose.screen).toMatch(/^healthdata: plan: pro · history: 365 days/m);
    const quiet = await inPty('hd metrics --demo --from 7d -q -o /dev/null', { cols: 100, env });
    expect(quiet.code).toBe(0);
    expect(quiet.screen).toBe('');
  });
});
