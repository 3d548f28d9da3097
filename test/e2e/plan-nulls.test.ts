// The spec allows null for the plan's window, floor and cap without saying what null means.
// People see that the API stated none (a dash in status, "not stated" in the plan line), not
// the word null read as a value; piped json keeps the nulls as sent.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'unlimited' });

describe('a plan with null window, floor and cap', () => {
  it('status shows a dash for each', async () => {
    const { code, stdout } = await runCli(['status', ...sandbox.args()]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Plan +unlimited\n/);
    expect(stdout).toMatch(/Window +—\n/);
    expect(stdout).toMatch(/History floor +—\n/);
    expect(stdout).toMatch(/Source cap +—\n/);
    expect(stdout).not.toContain('null');
  });

  it('the plan line on stderr says the API stated none', async () => {
    const { code, stderr } = await runCli([
      'metrics',
      '--limit',
      '1',
      '--verbose',
      ...sandbox.args(),
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain('plan: unlimited · history: not stated · source cap: not stated');
  });

  it('json for scripts keeps the nulls as sent', async () => {
    const { code, stdout } = await runCli(['profile', '-f', 'json', ...sandbox.args()]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      meta: { plan: 'unlimited', history_window_days: null, history_floor: null, source_cap: null },
    });
  });
});
