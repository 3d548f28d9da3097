// `healthdata chart` end to end against the sandbox.
import { describe, expect, it } from 'vitest';
import { displayNumber } from '../../src/output/summary/numbers.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { BIN, spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['chart', ...sandbox.args(), ...args], { clock, ...opts });
const width = (line: string) => [...line].length;
const ESC = '\u001b[';

describe('chart', () => {
  it('fits 80 columns, with the unit on the y axis and dates on the x axis', async () => {
    const { code, stdout, stderr } = await cli(['steps', 'walking_heart_rate'], {
      env: { COLUMNS: '80' },
    });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(Math.max(...lines.map(width))).toBeLessThanOrEqual(80);
    // A year of days does not fit 80 columns: weekly means do.
    expect(stdout).toContain('weekly means');
    expect(lines.some((l) => /^\s+count$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\s+bpm$/.test(l))).toBe(true);
    // Two units, two charts one below the other, each with its x axis and dates.
    expect(lines.filter((l) => /^\s+└[─┬]+$/.test(l))).toHaveLength(2);
    expect(stdout).toContain(addDays(TODAY, -364));
    expect(stdout).toContain(TODAY);
    expect(stdout).not.toContain(ESC);
  });

  it('takes --no-pager, as every command that prints to the terminal does, and draws the same', async () => {
    const plain = await cli(['steps', '--from', '30d'], { env: { COLUMNS: '80' } });
    const flagged = await cli(['steps', '--from', '30d', '--no-pager'], {
      env: { COLUMNS: '80' },
    });
    expect(flagged).toEqual({ ...plain, code: 0 });
    expect(plain.stdout).toContain('count');
  });

  it('takes its metrics as -m too, as the other data commands do; none at all is a usage error', async () => {
    const env = { COLUMNS: '80' };
    const named = await cli(['steps', 'hrv', '--from', '30d'], { env });
    expect(named.code).toBe(0);
    expect(await cli(['-m', 'steps,hrv', '--from', '30d'], { env })).toEqual(named);
    expect(await cli(['steps', '-m', 'hrv', '--from', '30d'], { env })).toEqual(named);
    const none = await cli(['--from', '30d']);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      "healthdata: error: name a metric to chart — e.g. 'healthdata chart steps' or 'healthdata chart -m steps,hrv'\n",
    );
  });

  it('after a clamped --from, the x axis starts at the history floor, not before it', async () => {
    const floor = addDays(TODAY, -364);
    const { code, stdout, stderr } = await cli(['steps', '--from', '400d'], {
      env: { COLUMNS: '80' },
    });
    expect(code).toBe(0);
    expect(stderr).toContain(`was clamped to ${floor}`);
    const dates = stdout.split('\n').at(-2)?.trim().split(/\s+/) ?? [];
    expect(dates[0]).toBe(floor);
  });

  it('follows COLUMNS when not a terminal, and draws one point a day when they fit', async () => {
    const narrow = await cli(['steps', '--from', '60d'], { env: { COLUMNS: '50' } });
    expect(Math.max(...narrow.stdout.split('\n').map(width))).toBeLessThanOrEqual(50);
    expect(narrow.stdout).toContain('means of 2 days');
    const wide = await cli(['steps', '--from', '60d'], { env: { COLUMNS: '120' } });
    expect(wide.stdout).toContain('one point a day');
    expect(Math.max(...wide.stdout.split('\n').map(width))).toBeLessThanOrEqual(120);
  });

  it('draws metrics that share a unit in one chart, with a legend, from the twin', async () => {
    const from = addDays(TODAY, -29);
    const { stdout } = await cli(['steps', '--from', from], { env: { COLUMNS: '100' } });
    expect(stdout).toContain('── steps · PhoneHealth: daily total from steps_total');
    expect(stdout).toContain('━━ steps · WristBand: daily value');
    expect(stdout.split('\n').filter((l) => l.includes('└'))).toHaveLength(1);
    // The top of the y axis is the largest daily value, never a sum of app rows.
    const rows = await allRows(sandbox.current, `metric=steps,steps_total&from=${from}`, 1000);
    const daily = rows.filter((r) => r.metric !== 'steps' || r.provider === 'WristBand');
    const top = Math.max(...daily.map((r) => r.numValue as number));
    const firstLabel = stdout.split('\n').find((l) => l.includes('┤'));
    expect(firstLabel?.trim().startsWith(`${displayNumber(top)} ┤`)).toBe(true);
  });

  it('is coloured on a terminal, and not with NO_COLOR (real pseudo-terminal)', async () => {
    const s = sandbox.current;
    const run = (env: string) =>
      spawnShell(
        `script -qec ${JSON.stringify(`stty cols 90 rows 40; ${env} node ${BIN} chart steps --base-url ${s.url} --api-key ${s.apiKey} --from 20d`)} /dev/null`,
        { env: { TERM: 'xterm-256color' } },
      );
    const coloured = await run('');
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain(ESC);
    const plain = await run('NO_COLOR=1');
    expect(plain.stdout).toContain('┤');
    expect(plain.stdout).not.toContain(ESC);
    // The terminal's own width wins over COLUMNS.
    const lines = plain.stdout.split(/\r?\n/);
    expect(Math.max(...lines.map(width))).toBeLessThanOrEqual(90);
  });

  it('follows the one colour rule through a pipe: FORCE_COLOR colours, else none, TERM=dumb none', async () => {
    const s = sandbox.current;
    const run = (env: string) =>
      spawnShell(
        `${env} node ${BIN} chart steps --base-url ${s.url} --api-key ${s.apiKey} --from 20d | cat`,
        { env: { TERM: 'xterm-256color' } },
      );
    const forced = await run('FORCE_COLOR=1');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`${ESC}3`);
    expect(forced.stdout).toContain('┤');
    const piped = await run('');
    expect(piped.stdout).toContain('┤');
    expect(piped.stdout).not.toContain(ESC);
    const dumb = await run('TERM=dumb');
    expect(dumb.stdout).toContain('┤');
    expect(dumb.stdout).not.toContain(ESC);
  });

  it('refuses a text metric with a way forward, and an unknown metric', async () => {
    const text = await cli(['mood']);
    expect(text.code).toBe(2);
    // One line: the error says why, with no warning before it.
    expect(text.stderr).toBe(
      'healthdata: error: nothing to draw: mood is a text metric, so it has no chart — try: healthdata summary -m mood\n',
    );
    const unknown = await cli(['weigth']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("did you mean 'weight'?");
  });
});
