// `healthdata daily` as a command: its formats and files, its usage errors, and a terminal.
// That its values are every other surface's is test/e2e/daily-agreement.test.ts.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
