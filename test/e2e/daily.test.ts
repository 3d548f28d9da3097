// `healthdata daily` as a command: its formats and files, its usage errors, and a terminal.
// That its values are every other surface's is test/e2e/daily-agreement.test.ts.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { parse } from 'csv-parse/sync';
import { inPty, sandboxEnv, stripAnsi } from '../helpers/pty.ts';
import { connection } from '../helpers/sync.ts';
import { hd, pageBody, send, startServer, type MetricRowJson } from '../helpers/test-server.ts';

const TODAY = '2026-11-20';

describe('healthdata daily', () => {
  let sandbox: Sandbox;
  const dir = tempDir();
  const daily = (args: string[]) =>
    runCli(['daily', ...connection(sandbox), ...args], { clock: fixedClock(TODAY) });
  beforeAll(async () => {
    sandbox = await startSandbox({ today: TODAY, plan: 'pro' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('writes csv with its header, tsv, and csv without one; newest day first', async () => {
    const csv = await daily(['-m', 'steps,mood', '--from', '6d', '-f', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('date,metric,provider,value,text,unit,basis,rows');
    expect(lines).toContainEqual(
      expect.stringMatching(/^2026-11-20,steps,PhoneHealth,\d+,,count,total,1$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^2026-11-\d\d,mood,MindfulApp,,\w+,,single,1$/),
    );
    const dates = lines.slice(1).map((l) => l.slice(0, 10));
    expect(dates).toEqual([...dates].sort().reverse());
    const bare = await daily(['-m', 'steps,mood', '--from', '6d', '-f', 'csv', '--no-header']);
    expect(bare.stdout).toBe(lines.slice(1).join('\n') + '\n');
    const tsv = await daily(['-m', 'steps,mood', '--from', '6d', '-f', 'tsv']);
    expect(tsv.stdout.split('\n')[1]).toBe(lines[1]?.replaceAll(',', '\t'));
  });

  it("--wide has a record for every day of the range, and its json says each column's unit", async () => {
    // weight is a weigh-in now and then: the days between are empty cells, not missing rows.
    const csv = await daily(['--wide', '-m', 'weight,steps', '--from', '20d', '-f', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const records = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r['date'])).toEqual(
      Array.from({ length: 21 }, (_, i) => addDays(TODAY, -i)),
    );
    expect(records.some((r) => r['weight'] === '')).toBe(true);
    expect(records.some((r) => r['weight'] !== '')).toBe(true);
    const doc = await daily(['--wide', '-m', 'weight,steps', '--from', '20d', '-f', 'json']);
    const meta = (JSON.parse(doc.stdout) as { meta: { columns: object } }).meta;
    expect(meta.columns).toEqual({
      'steps@PhoneHealth': { metric: 'steps', provider: 'PhoneHealth', unit: 'count' },
      'steps@WristBand': { metric: 'steps', provider: 'WristBand', unit: 'count' },
      weight: { metric: 'weight', provider: 'ScaleCo', unit: 'kg' },
    });
  });

  it('writes ndjson one row a line, and -o a file by its extension, saying so on stderr', async () => {
    const nd = await daily(['-m', 'hrv', '--from', '3d', '-f', 'ndjson']);
    const rows = nd.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { provider: string });
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(['RingWear', 'WristBand']));
    const file = join(dir, 'daily.json');
    const out = await daily(['-m', 'hrv', '--from', '3d', '-o', file]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe('');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { data: unknown[]; meta: object };
    expect(doc.data).toEqual(rows);
    expect(doc.meta).toMatchObject({ plan: 'pro' });
    expect(statSync(file).size).toBeGreaterThan(0);
  });

  it('writes the header of an empty range, so a reader of the file still finds its columns', async () => {
    // weight is measured now and then: one day without it.
    const empty = (extra: string[]) =>
      daily(['-m', 'weight', '--from', '2026-11-19', '--to', '2026-11-19', ...extra]);
    const days = await daily(['-m', 'weight', '--from', '60d', '-f', 'csv']);
    const held = new Set(days.stdout.split('\n').map((l) => l.slice(0, 10)));
    expect(held.has('2026-11-19'), 'the sandbox weighed on 2026-11-19: pick another day').toBe(
      false,
    );
    const file = join(dir, 'empty.csv');
    const csv = await empty(['-o', file]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('date,metric,provider,value,text,unit,basis,rows\n');
    expect((await empty(['--wide', '-f', 'tsv'])).stdout).toBe('date\n');
    expect((await empty(['-f', 'csv', '--no-header'])).stdout).toBe('');
  });

  it('refuses a bad range and a near-miss name with exit 2 and one line', async () => {
    const range = await daily(['--from', '2026-11-10', '--to', '2026-11-01']);
    expect(range.code).toBe(2);
    expect(range.stderr.trim().split('\n')).toHaveLength(1);
    expect(range.stderr).toContain('--from 2026-11-10 is after --to 2026-11-01');
    const typo = await daily(['-m', 'stepz']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean 'steps'?");
    expect(typo.stdout).toBe('');
  });

  it('draws a table on a real terminal, within its width', async () => {
    const { code, screen } = await inPty('hd daily -m steps,hrv --from 2d', {
      cols: 80,
      env: { ...sandboxEnv(sandbox), NO_COLOR: '1', PAGER: 'cat' },
    });
    expect(code).toBe(0);
    const lines = stripAnsi(screen).split('\n');
    expect(lines.some((l) => /date +metric +provider +value/.test(l))).toBe(true);
    expect(lines.some((l) => /steps +PhoneHealth +[\d,]+ .* total/.test(l))).toBe(true);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});

describe('healthdata daily --wide with hostile names', () => {
  const row = (metric: string, provider: string, num: number | string): MetricRowJson => ({
    date: '2026-11-19',
    provider,
    metric,
    numValue: typeof num === 'number' ? num : null,
    textValue: typeof num === 'string' ? num : null,
    unit: null,
    stream: false,
  });
  // A metric named `date`, shell code, a provider with a comma and quotes, text with a newline.
  const ROWS = [
    row('date', 'Phone', 1),
    row('$(touch /tmp/pwned)', 'Phone', 1.7976931348623157e308),
    row('hrv', 'Ring, "x"', 40.123456789012344),
    row('hrv', 'Band', 50),
    row('note', 'Phone', 'line one\nline "two", three'),
  ];

  it('keeps every column apart and every value exact, and reads back as the same table', async () => {
    const server = await startServer((req, res) => {
      if (req.url?.includes('/catalog'))
        return send(res, 200, JSON.stringify(ROWS.map((r) => r.metric)));
      send(res, 200, pageBody(ROWS, null));
    });
    try {
      const out = await hd(server.url, ['daily', '--wide', '-f', 'csv']);
      expect(out.code, out.stderr).toBe(0);
      const [header, ...records] = parse(out.stdout) as string[][];
      expect(header).toEqual([
        'date',
        '$(touch /tmp/pwned)',
        'date@Phone',
        'hrv@Band',
        'hrv@Ring, "x"',
        'note',
      ]);
      expect(records).toEqual([
        [
          '2026-11-19',
          '1.7976931348623157e+308',
          '1',
          '50',
          '40.123456789012344',
          'line one\nline "two", three',
        ],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('healthdata daily: sent values exact, computed ones rounded once', () => {
  const row = (metric: string, num: number, date = '2026-11-19'): MetricRowJson => ({
    date,
    provider: 'Phone',
    metric,
    numValue: num,
    textValue: null,
    unit: null,
    stream: false,
  });
  // spo2: three apps, no twin: its day is their mean, 96.58333333333333 (computed); the day
  // before, one row, as sent.
  // steps: its twin's value, and hrv's one row, as sent, digits and all.
  const ROWS = [
    row('spo2', 96.1),
    row('spo2', 96.5),
    row('spo2', 97.15),
    row('steps', 4000),
    row('steps', 5000),
    row('steps_total', 8123.456789),
    row('hrv', 40.123456789012344),
    row('hrv', 0.000123456, '2026-11-18'),
    row('spo2', 95.123456, '2026-11-18'),
  ];
  const MEAN = (96.1 + 96.5 + 97.15) / 3;

  it('prints the mean of several rows as 2 decimals in every format and --wide, and the rest exact', async () => {
    expect(MEAN).not.toBe(96.58);
    const server = await startServer((req, res) => {
      if (req.url?.includes('/catalog'))
        return send(res, 200, JSON.stringify(ROWS.map((r) => r.metric)));
      send(res, 200, pageBody(ROWS, null));
    });
    try {
      const run = async (args: string[]) => {
        const out = await hd(server.url, ['daily', ...args]);
        expect(out.code, out.stderr).toBe(0);
        return out.stdout;
      };
      const want = [
        ['2026-11-19', 'hrv', 40.123456789012344, 'single'],
        ['2026-11-19', 'spo2', 96.58, 'several'],
        ['2026-11-19', 'steps', 8123.456789, 'total'],
        ['2026-11-18', 'hrv', 0.000123456, 'single'],
        ['2026-11-18', 'spo2', 95.123456, 'single'],
      ];
      type Row = { date: string; metric: string; value: number; basis: string };
      const pick = (rows: Row[]) => rows.map((r) => [r.date, r.metric, r.value, r.basis]);
      const json = JSON.parse(await run(['-f', 'json'])) as { data: Row[] };
      expect(pick(json.data)).toEqual(want);
      const nd = (await run(['-f', 'ndjson'])).trimEnd().split('\n');
      expect(pick(nd.map((l) => JSON.parse(l) as Row))).toEqual(want);
      const csv = parse(await run(['-f', 'csv']), { columns: true }) as Record<string, string>[];
      expect(csv.map((r) => [r['date'], r['metric'], Number(r['value']), r['basis']])).toEqual(
        want,
      );
      expect(csv.map((r) => r['value'])).toEqual([
        '40.123456789012344',
        '96.58',
        '8123.456789',
        '0.000123456',
        '95.123456',
      ]);
      const wide = parse(await run(['--wide', '-f', 'csv'])) as string[][];
      expect(wide).toEqual([
        ['date', 'hrv', 'spo2', 'steps'],
        ['2026-11-19', '40.123456789012344', '96.58', '8123.456789'],
        ['2026-11-18', '0.000123456', '95.123456', ''],
      ]);
      // summary shows the same days, and its statistics rounded once: a computed mean and
      // median through amount(); a min or max that is a day sent by the API, exact.
      const summary = await hd(server.url, ['summary', '-f', 'json']);
      expect(summary.code, summary.stderr).toBe(0);
      type Line = { metric: string; min: number; mean: number; median: number; max: number };
      const lines = (JSON.parse(summary.stdout) as { data: (Line & { latest: number })[] }).data;
      const spo2 = lines.find((l) => l.metric === 'spo2');
      expect(spo2).toMatchObject({ min: 95.123456, mean: 95.85, median: 95.85, max: 96.58 });
      expect(spo2?.latest).toBe(96.58);
      const hrv = lines.find((l) => l.metric === 'hrv');
      expect(hrv).toMatchObject({ min: 0.000123456, max: 40.123456789012344, median: 20.06 });
      expect(hrv?.latest).toBe(40.123456789012344);
      expect(lines.find((l) => l.metric === 'steps')?.latest).toBe(8123.456789);
      // summary --by (the insight records, MCP trend's too): the period's min is the one-row
      // day, exact; its max the several rows' day, rounded as daily shows it.
      const by = await hd(server.url, ['summary', '--by', 'month', '-m', 'spo2', '-f', 'json']);
      expect(by.code, by.stderr).toBe(0);
      expect((JSON.parse(by.stdout) as { data: Line[] }).data).toMatchObject([
        { metric: 'spo2', min: 95.123456, mean: 95.85, max: 96.58 },
      ]);
    } finally {
      await server.close();
    }
  });
});
