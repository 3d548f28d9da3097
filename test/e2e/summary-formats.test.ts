// `healthdata summary` end to end: every format, and what changes on a terminal.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { displayNumber } from '../../src/output/summary/numbers.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inPty, sandboxEnv, stripAnsi, widest } from '../helpers/pty.ts';
import { addDays, metricsRequests, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { BIN, spawnShell } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const FROM = addDays(TODAY, -90);
const cli = (args: string[]) => runCli(['summary', ...sandbox.args(), ...args], { clock });

interface Line {
  metric: string;
  provider: string;
  rows_per_day: { min: number; max: number } | null;
}

const json = (stdout: string) => (JSON.parse(stdout) as { data: Line[] }).data;

describe('every format', () => {
  const args = ['--from', FROM];
  it('csv and tsv: one header and one line per metric and provider, no sparkline', async () => {
    const reference = json((await cli([...args, '-f', 'json'])).stdout);
    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const { code, stdout } = await cli([...args, '-f', format]);
      expect(code).toBe(0);
      const records = parse(stdout, { delimiter, relax_quotes: true }) as string[][];
      const [header, ...lines] = records;
      expect(header?.[0]).toBe('metric');
      expect(lines).toHaveLength(reference.length);
      expect(lines.map((l) => `${l[0]}/${l[1]}`)).toEqual(
        reference.map((l) => `${l.metric}/${l.provider}`),
      );
      // json has the same fields, plus the daily series; rows per day is one {min, max}
      // object there, two number columns here (a "1-3" cell would be a date in Excel).
      const jsonFields = (header ?? []).map((h) =>
        h.replace(/^rows_per_day_(min|max)$/, 'rows_per_day'),
      );
      expect([...new Set(jsonFields), 'daily']).toEqual(Object.keys(reference[0] ?? {}));
      const at = (name: string) => (header ?? []).indexOf(name);
      expect(
        lines.map((l) =>
          l[at('rows_per_day_min')] === ''
            ? null
            : { min: Number(l[at('rows_per_day_min')]), max: Number(l[at('rows_per_day_max')]) },
        ),
      ).toEqual(reference.map((r) => r.rows_per_day));
      expect(stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    }
    const noHeader = await cli([...args, '-f', 'csv', '--no-header']);
    expect(noHeader.stdout.startsWith('metric,')).toBe(false);
  });

  it('ndjson: the json items, one a line; table: readable, no sparkline off a terminal', async () => {
    const reference = json((await cli([...args, '-f', 'json'])).stdout);
    const nd = (await cli([...args, '-f', 'ndjson'])).stdout.trimEnd().split('\n');
    expect(nd.map((l) => JSON.parse(l) as Line)).toEqual(reference);
    const table = await cli([...args, '-f', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^metric\s+provider\s+days/);
    expect(table.stdout).not.toContain('trend');
    expect(table.stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
  });

  it('covers every catalog metric in one export, folding each twin into its metric', async () => {
    const mark = sandbox.current.requests.length;
    const lines = json((await cli([...args, '-f', 'json'])).stdout);
    const sent = metricsRequests(sandbox.current, mark);
    expect(sent.every((q) => !q.has('metric'))).toBe(true);
    const catalog = sandbox.current.requests
      .slice(mark)
      .filter((r) => r.path.startsWith('/api/v1/catalog'));
    expect(catalog).toHaveLength(1);
    const names = new Set(lines.map((l) => l.metric));
    expect(names.has('steps_total')).toBe(false);
    for (const m of ['steps', 'walking_heart_rate', 'mood', 'weight', 'heart_rate', 'spo2']) {
      expect(names.has(m)).toBe(true);
    }
  });
});

describe('on a terminal', () => {
  it('adds a sparkline of the daily values (real pseudo-terminal)', async () => {
    const s = sandbox.current;
    const command = `stty cols 160 rows 50; node ${BIN} summary --base-url ${s.url} --api-key ${s.apiKey} -m steps_total,weight --from 20d`;
    const tty = await spawnShell(`script -qec ${JSON.stringify(command)} /dev/null`);
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/trend/);
    expect(tty.stdout).toMatch(/steps_total .*[▁▂▃▄▅▆▇█]{20}/);
    // An 80-column window: nothing wider, every metric still there, with its trend.
    const narrow = await spawnShell(
      `script -qec ${JSON.stringify(command.replace('cols 160', 'cols 80').replace(' -m steps_total,weight', ' -q'))} /dev/null`,
    );
    const lines = narrow.stdout.split(/\r?\n/);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
    expect(lines).toContain('steps · PhoneHealth · count — daily total from steps_total');
    expect(narrow.stdout).toMatch(/walking_heart_rate · PhoneHealth · bpm — several sources a day/);
    expect(narrow.stdout).toMatch(/\n {2}[▁▂▃▄▅▆▇█]{20}/);
    const piped = await spawnShell(
      `node ${BIN} summary --base-url ${s.url} --api-key ${s.apiKey} -m steps_total --from 30d -f table | cat`,
    );
    expect(piped.stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
  });
});

describe('the wide table has the median, as the short blocks and json do', () => {
  const range = ['--from', addDays(TODAY, -30), '--to', TODAY];
  const metrics = ['-m', 'steps,hrv,weight,walking_heart_rate'];

  it.each([120, 140, 160])('%i columns (real pseudo-terminal)', async (cols) => {
    const reference = json((await cli([...range, ...metrics, '-f', 'json'])).stdout);
    const args = [...metrics, ...range].join(' ');
    const { code, screen } = await inPty(`hd summary ${args} --no-pager -q`, {
      cols,
      env: sandboxEnv(sandbox.current, { NO_COLOR: '1' }),
    });
    expect(code).toBe(0);
    expect(widest(screen)).toBeLessThanOrEqual(cols);
    const lines = stripAnsi(screen).split('\n');
    const header = lines[0] ?? '';
    expect(header).toMatch(/^metric +provider +days .*min +mean +median +max +latest +unit +trend/);
    // Right-aligned under its header: up to 8 characters ending where 'median' ends.
    const end = header.indexOf('median') + 'median'.length;
    const cells = reference.map((item) => {
      const line = lines.find((l) => new RegExp(`^${item.metric} +${item.provider} `).test(l));
      return [`${item.metric}/${item.provider}`, line?.slice(end - 8, end).trim()];
    });
    const medians = reference.map((item) => [
      `${item.metric}/${item.provider}`,
      displayNumber((item as Line & { median: number | null }).median),
    ]);
    expect(cells).toEqual(medians);
    // Statistics are over daily values: several rows a day still have a median of days.
    expect(medians.every(([, cell]) => cell !== '')).toBe(true);
  });
});

describe('a range with nothing in it, on a terminal', () => {
  it('fits 80 columns, one line per metric, each twin under its metric', async () => {
    const { code, screen } = await inPty(`hd summary --from 2030-01-01 --no-pager -q`, {
      cols: 80,
      env: sandboxEnv(sandbox.current, { NO_COLOR: '1' }),
    });
    expect(code).toBe(0);
    expect(widest(screen)).toBeLessThanOrEqual(80);
    const text = stripAnsi(screen);
    expect(text).toMatch(/^steps · count\n {2}no data in the range$/m);
    expect(text).not.toMatch(/steps_total/);
  });

  it('says why before the empty lines, where the pager would not hide it', async () => {
    const { screen } = await inPty(`hd summary --from 2030-01-01 --no-pager`, {
      cols: 80,
      env: sandboxEnv(sandbox.current, { NO_COLOR: '1' }),
    });
    const text = stripAnsi(screen);
    const why = text.indexOf('warning: --from 2030-01-01 is after today');
    expect(why).toBeGreaterThan(-1);
    expect(why).toBeLessThan(text.indexOf('no data in the range'));
  });
});
