// `healthdata metrics` end to end: the real CLI code against the real sandbox over loopback.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { metricsRequests, TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const cli = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['metrics', ...sandbox.args(), ...args], { clock, ...opts });

const ndjson = (text: string): MetricRow[] =>
  text
    .trimEnd()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as MetricRow);

describe('filters', () => {
  it('accepts metrics repeated and comma-separated, and sends them to the API', async () => {
    const mark = sandbox.current.requests.length;
    const a = await cli(['-m', 'steps', '-m', 'steps_total', '--from', '7d', '-f', 'ndjson']);
    const b = await cli(['--metric', 'steps,steps_total', '--from', '7d', '-f', 'ndjson']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const rows = ndjson(a.stdout);
    expect(new Set(rows.map((r) => r.metric))).toEqual(new Set(['steps', 'steps_total']));
    const sent = metricsRequests(sandbox.current, mark)[0];
    expect(sent?.getAll('metric')).toEqual(['steps', 'steps_total']);
  });

  it('matches providers case-insensitively, in both forms', async () => {
    const lower = await cli(['-p', 'phonehealth', '--from', '3d', '-f', 'ndjson']);
    const both = await cli(['-p', 'PHONEHEALTH,wristband', '--from', '3d', '-f', 'ndjson']);
    expect(lower.code).toBe(0);
    const providers = new Set(ndjson(lower.stdout).map((r) => r.provider));
    expect(providers).toEqual(new Set(['PhoneHealth']));
    expect(new Set(ndjson(both.stdout).map((r) => r.provider))).toEqual(
      new Set(['PhoneHealth', 'WristBand']),
    );
  });

  it('treats --to as inclusive and resolves relative dates in the local calendar', async () => {
    const { stdout, code } = await cli([
      '--from',
      '2026-11-20',
      '--to',
      'yesterday',
      '-f',
      'ndjson',
    ]);
    expect(code).toBe(0);
    const dates = new Set(ndjson(stdout).map((r) => r.date));
    expect(dates).toEqual(new Set(['2026-11-20', '2026-11-21']));
  });
});

describe('pagination', () => {
  it('follows next_cursor across many pages with every row exactly once, newest first', async () => {
    const whole = await cli(['-f', 'ndjson']);
    const mark = sandbox.current.requests.length;
    const paged = await cli(['-f', 'ndjson', '--page-size', '97']);
    expect(paged.code).toBe(0);
    expect(paged.stdout).toBe(whole.stdout);
    const rows = ndjson(paged.stdout);
    expect(rows.length).toBe(sandbox.current.rowCount);
    const requests = metricsRequests(sandbox.current, mark);
    expect(requests.length).toBe(Math.ceil(rows.length / 97));
    expect(requests.every((q) => q.get('limit') === '97')).toBe(true);
    // Each cursor is sent back as the API gave it; the first request has none.
    expect(requests[0]?.has('cursor')).toBe(false);
    expect(new Set(requests.slice(1).map((q) => q.get('cursor'))).size).toBe(requests.length - 1);
    const dates = rows.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('asks for 1000 rows a page by default', async () => {
    const mark = sandbox.current.requests.length;
    await cli(['-f', 'csv', '--from', '60d']);
    expect(metricsRequests(sandbox.current, mark)[0]?.get('limit')).toBe('1000');
  });
});

describe('the plan window', () => {
  it('warns when --from was clamped, naming the date, the floor and the plan', async () => {
    const { stderr, code, stdout } = await cli(['-m', 'steps_total', '--from', '2024-01-01']);
    expect(code).toBe(0);
    expect(stderr).toBe(
      'warning: --from 2024-01-01 was clamped to 2025-11-23, the history floor of your pro plan (365 days)\n',
    );
    const rows = parse(stdout, { columns: true }) as { date: string }[];
    expect(rows.at(-1)?.date).toBe('2025-11-23');
  });

  it('says nothing when --from is inside the window, and -q silences warnings', async () => {
    expect((await cli(['-m', 'steps_total', '--from', '2026-01-01'])).stderr).toBe('');
    expect((await cli(['-m', 'steps_total', '--from', '2020-01-01', '-q'])).stderr).toBe('');
  });

  it('shows the plan, window, floor and source cap with --verbose, not on every run', async () => {
    const { stderr } = await cli(['-m', 'steps_total', '--from', '2d', '--verbose']);
    expect(stderr).toContain(
      'healthdata: plan: pro · history: 365 days, from 2025-11-23 · source cap: 10\n',
    );
    const tty = await cli(['-m', 'steps_total', '--from', '2d', '--no-pager'], {
      stderrIsTTY: true,
      stdoutIsTTY: true,
    });
    expect(tty.stderr).toBe('');
  });

  it('puts meta into the JSON document', async () => {
    const doc = JSON.parse((await cli(['-m', 'weight', '-f', 'json'])).stdout) as {
      meta: Record<string, unknown>;
    };
    expect(doc.meta).toEqual({
      plan: 'pro',
      history_window_days: 365,
      history_floor: '2025-11-23',
      source_cap: 10,
    });
  });
});

describe('--limit', () => {
  it('writes exactly n rows, sizes the last request to what is left, and says it cut', async () => {
    const mark = sandbox.current.requests.length;
    const { stdout, stderr, code } = await cli([
      '--limit',
      '250',
      '--page-size',
      '100',
      '-f',
      'ndjson',
    ]);
    expect(code).toBe(0);
    expect(ndjson(stdout)).toHaveLength(250);
    const limits = metricsRequests(sandbox.current, mark).map((q) => q.get('limit'));
    expect(limits).toEqual(['100', '100', '50']);
    expect(stderr).toContain('stopped at --limit 250 rows; more rows are available');
  });

  it('says nothing when everything fit', async () => {
    const { stdout, stderr } = await cli([
      '-m',
      'steps_total',
      '--from',
      '5d',
      '--limit',
      '100',
      '-f',
      'ndjson',
    ]);
    expect(ndjson(stdout)).toHaveLength(6);
    expect(stderr).toBe('');
  });
});

describe('formats', () => {
  it('json, ndjson, csv and tsv carry the same rows', async () => {
    const args = ['--from', '10d'];
    const json = JSON.parse((await cli([...args, '-f', 'json'])).stdout) as { data: MetricRow[] };
    const lines = ndjson((await cli([...args, '-f', 'ndjson'])).stdout);
    const csv = parse((await cli([...args, '-f', 'csv'])).stdout, { columns: true }) as Record<
      string,
      string
    >[];
    const tsv = parse((await cli([...args, '-f', 'tsv'])).stdout, {
      columns: true,
      delimiter: '\t',
    }) as Record<string, string>[];
    expect(json.data.length).toBeGreaterThan(100);
    expect(lines).toEqual(json.data);
    const asCells = json.data.map((r) => ({
      date: r.date,
      provider: r.provider,
      metric: r.metric,
      numValue: r.numValue === null ? '' : String(r.numValue),
      textValue: r.textValue ?? '',
      unit: r.unit ?? '',
      stream: String(r.stream),
    }));
    expect(csv).toEqual(asCells);
    expect(tsv).toEqual(asCells);
    // The demo data has text rows with commas and quotes, null units and both stream values.
    expect(json.data.some((r) => r.numValue === null && r.textValue !== null)).toBe(true);
    expect(json.data.some((r) => r.unit === null)).toBe(true);
    expect(new Set(json.data.map((r) => r.stream))).toEqual(new Set([true, false]));
  });

  it('defaults to a table on a terminal and csv otherwise', async () => {
    const tty = await cli(['-m', 'steps_total', '--from', '2d'], { stdoutIsTTY: true });
    expect(tty.stdout.split('\n')[0]).toMatch(/^date\s+provider\s+metric\s+value\s+unit\s+stream$/);
    const piped = await cli(['-m', 'steps_total', '--from', '2d']);
    expect(piped.stdout.split('\n')[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
  });

  it('--no-header drops the csv header', async () => {
    const { stdout } = await cli(['-m', 'steps_total', '--from', '1d', '--no-header']);
    expect(stdout.split('\n')[0]).toMatch(/^2026-11-22,PhoneHealth,steps_total,\d+,,count,false$/);
  });
});

describe('--parallel', () => {
  it('writes exactly what a sequential run writes', async () => {
    const args = ['-f', 'ndjson', '--page-size', '200', '--from', '2025-01-01'];
    const sequential = await cli(args);
    for (const n of ['2', '5']) {
      const parallel = await cli([...args, '--parallel', n]);
      expect(parallel.code).toBe(0);
      expect(parallel.stdout).toBe(sequential.stdout);
      expect(parallel.stderr).toBe(sequential.stderr);
    }
  });

  it('keeps --limit', async () => {
    const sequential = await cli(['-f', 'ndjson', '--limit', '1234']);
    const parallel = await cli(['-f', 'ndjson', '--limit', '1234', '--parallel', '4']);
    expect(parallel.stdout).toBe(sequential.stdout);
    expect(parallel.stderr).toContain('stopped at --limit 1234 rows');
  });
});

describe('--parallel on a plan with no history floor', () => {
  const unlimited = useSandbox({ plan: 'unlimited' });
  const run = (args: string[]) =>
    runCli(['metrics', ...unlimited.args(), ...args], { clock: fixedClock(TODAY) });

  it('finds where the data starts with a few probes, and writes what a sequential run writes', async () => {
    const args = ['-f', 'ndjson', '-m', 'steps_total,resting_heart_rate', '--page-size', '100'];
    const sequential = await run(args);
    const mark = unlimited.current.requests.length;
    const parallel = await run([...args, '--parallel', '3']);
    expect(parallel.code).toBe(0);
    expect(parallel.stdout).toBe(sequential.stdout);
    expect(parallel.stderr).toBe(sequential.stderr);
    const sent = metricsRequests(unlimited.current, mark);
    const probes = sent.filter((q) => q.get('limit') === '1');
    const openFirstPages = sent.filter((q) => !q.has('cursor') && !q.has('to'));
    expect(openFirstPages).toHaveLength(1);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.length).toBeLessThanOrEqual(15);
    // The range really was cut into partitions fetched from their own first pages.
    const partitionStarts = sent.filter(
      (q) => q.has('to') && !q.has('cursor') && q.get('limit') === '100',
    );
    expect(partitionStarts.length).toBeGreaterThan(3);
  });
});
