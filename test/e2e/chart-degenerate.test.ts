// `healthdata chart` on series that hung or crashed it: asciichart spun forever on 0.3 beside
// 0.30000000000000004 or on 1e300 beside 2e300 (at 100 % CPU, deaf to Ctrl-C), and threw
// "Invalid array length" on 1e308 or 5e-324. The built binary, as a real process with a time
// bound, against a server on 127.0.0.1 (Ctrl-C while drawing: chart-signals.test.ts).
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { row, useHostileApis } from '../helpers/misbehaving-api.ts';
import { spawnCli, type Spawned } from '../helpers/spawn.ts';
import { API_KEY, type MetricRowJson } from '../helpers/test-server.ts';
import { TODAY } from '../helpers/today.ts';

const hostile = useHostileApis();
const NEWEST = addDays(TODAY, -2);
/** Rows 0 … height: 13 at the default --height 12. */
const ROWS = 13;

/** One row a day, oldest first, ending at NEWEST. */
const daily = (values: readonly number[], unit = 'u'): MetricRowJson[] =>
  values.map((v, i) => row(addDays(NEWEST, i - values.length + 1), 'P', 'm', v, unit));

/** Runs the chart, killed after `limitMs` if it has not ended; with how long it took. */
async function chart(
  rows: unknown[],
  args: string[] = [],
  limitMs = 10_000,
): Promise<Spawned & { ms: number }> {
  const api = await hostile({ rows });
  const started = Date.now();
  let killer: NodeJS.Timeout | undefined;
  const result = await spawnCli(
    ['chart', 'm', '--base-url', api.url, '--api-key', API_KEY, ...args],
    {
      env: { COLUMNS: '80' },
      onStart: (child) => (killer = setTimeout(() => child.kill('SIGKILL'), limitMs)),
    },
  );
  clearTimeout(killer);
  return { ...result, ms: Date.now() - started };
}

/** The plot's rows, and the label of each ('' where it has none). */
function plotOf(stdout: string): { rows: string[]; labels: string[] } {
  const rows = stdout.split('\n').filter((l) => l.includes('┤'));
  return { rows, labels: rows.map((r) => r.slice(0, r.indexOf('┤')).trim()) };
}

/** Draws the values; the run must end by itself, well inside its bound, and draw every row. */
async function drawn(values: readonly number[]): Promise<{ rows: string[]; labels: string[] }> {
  const result = await chart(daily(values));
  expect(result.signal, 'killed: still running after 10 s').toBeNull();
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.ms).toBeLessThan(5_000);
  expect(result.stdout).not.toMatch(/Infinity|NaN|undefined/);
  const plot = plotOf(result.stdout);
  expect(plot.rows).toHaveLength(ROWS);
  // The x axis, with the first and last dates.
  expect(result.stdout).toMatch(/└[─┬]+\n/);
  return plot;
}

const shown = (labels: string[]) => labels.filter((l) => l !== '');
/** The rows (0 = top) the line is on. */
const lineRows = (rows: string[]) =>
  rows.flatMap((r, y) => (/[─╭╮╰╯│]/.test(r.slice(r.indexOf('┤') + 1)) ? [y] : []));

describe('chart on degenerate series ends at once and draws', () => {
  it('a constant series: a flat line on the middle row, labelled with the value', async () => {
    const { rows, labels } = await drawn([7, 7, 7, 7, 7]);
    expect(shown(labels)).toEqual(['7']);
    expect(lineRows(rows)).toEqual([6]);
    expect(rows[6]).toBe('7 ┤────');
  });

  it('0.3 every day but one of 0.30000000000000004 (0.1 + 0.2): flat at 0.3', async () => {
    const { rows, labels } = await drawn([0.3, 0.3, 0.3, 0.1 + 0.2, 0.3, 0.3]);
    expect(shown(labels)).toEqual(['0.3']);
    expect(lineRows(rows)).toEqual([6]);
  });

  it('1e300 beside 2e300: the whole height, labelled 2e300 down to 1e300', async () => {
    const { rows, labels } = await drawn([1e300, 2e300, 1e300]);
    expect([labels[0], labels[6], labels[12]]).toEqual(['2e300', '1.5e300', '1e300']);
    expect(shown(labels)).toHaveLength(ROWS);
    expect(lineRows(rows)).toEqual([...Array(ROWS).keys()]);
  });

  it('1e308 every day: flat, labelled 1e308', async () => {
    const { labels } = await drawn([1e308, 1e308, 1e308]);
    expect(shown(labels)).toEqual(['1e308']);
  });

  it('-1e308 and 1e308, whose difference is past a double: 1e308, 0 and -1e308 on the axis', async () => {
    const { rows, labels } = await drawn([-1e308, 1e308, 0]);
    expect([labels[0], labels[6], labels[12]]).toEqual(['1e308', '0', '-1e308']);
    expect(lineRows(rows)).toEqual([...Array(ROWS).keys()]);
  });

  it('5e-324, the smallest double: alone a flat line labelled 5e-324; beside 0 the top of the axis', async () => {
    expect(shown((await drawn([5e-324, 5e-324])).labels)).toEqual(['5e-324']);
    const { labels } = await drawn([0, 5e-324, 0]);
    expect([labels[0], labels[12]]).toEqual(['5e-324', '0']);
  });

  it('tiny and huge together: 1e308 on top, the least value at the bottom', async () => {
    const { labels } = await drawn([5e-324, 1e308, 1e-300, -3, 2.5]);
    expect([labels[0], labels[12]]).toEqual(['1e308', '-3']);
    expect(labels.every((l) => l.length <= 8)).toBe(true);
  });

  it('a single point: a flat line, labelled with its value', async () => {
    const { rows, labels } = await drawn([42.5]);
    expect(shown(labels)).toEqual(['42.5']);
    expect(rows[6]).toBe('42.5 ┤─');
  });

  it('negative values: the largest on top, the most negative at the bottom', async () => {
    const { labels } = await drawn([-120, -30, -75]);
    expect([labels[0], labels[6], labels[12]]).toEqual(['-30', '-75', '-120']);
  });

  it('a day whose value overflows (two rows of 1e308 and 1.5e308) never shows Infinity', async () => {
    const rows = [
      ...daily([5, 10, 5]),
      // A fourth day, after the others, with two rows: their mean is past what a sum holds.
      row(addDays(NEWEST, 1), 'P', 'm', 1e308, 'u'),
      row(addDays(NEWEST, 1), 'P', 'm', 1.5e308, 'u'),
    ];
    const result = await chart(rows);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/Infinity|NaN/);
    expect(plotOf(result.stdout).rows).toHaveLength(ROWS);
  });
});

describe('a line whose every day is past a double', () => {
  it('is not drawn: one line says why, exit 2 (or, if the daily mean is kept, it is drawn)', async () => {
    // Two rows of one day: src/daily's mean sums them first, which overflows to Infinity.
    const result = await chart([
      row(NEWEST, 'P', 'm', 1e308, 'u'),
      row(NEWEST, 'P', 'm', 1.5e308, 'u'),
    ]);
    expect(result.signal).toBeNull();
    expect(result.stdout).not.toMatch(/Infinity|NaN/);
    if (result.code === 0) {
      // The daily layer gives the mean itself (1.25e308): a flat line labelled with it.
      expect(shown(plotOf(result.stdout).labels)).toEqual(['1.25e308']);
    } else {
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'warning: nothing to draw: m has no daily value a chart can show: each is past the largest number\n',
      );
    }
  });
});

describe('chart size', () => {
  it('COLUMNS=1000000000 draws at most 1,000 points a line', async () => {
    const rows = [
      row(addDays(NEWEST, -2999), 'P', 'm', 1, 'u'),
      row(addDays(NEWEST, -1500), 'P', 'm', 3, 'u'),
      row(NEWEST, 'P', 'm', 2, 'u'),
    ];
    const api = await hostile({ rows });
    const result = await spawnCli(['chart', 'm', '--base-url', api.url, '--api-key', API_KEY], {
      env: { COLUMNS: '1000000000' },
    });
    expect(result.code).toBe(0);
    const { rows: plot } = plotOf(result.stdout);
    expect(plot).toHaveLength(ROWS);
    // Points: the columns after the axis.
    const widest = Math.max(...plot.map((r) => [...r.slice(r.indexOf('┤') + 1)].length));
    expect(widest).toBeGreaterThan(900);
    expect(widest).toBeLessThanOrEqual(1_000);
    expect(result.stdout).toContain('means of 3 days');
  });
});
