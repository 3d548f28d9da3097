// `healthdata summary` on realistic data (full-precision doubles, non-ASCII names, numbers no
// double holds: sandbox --realistic) against a plain reference computed here from the raw rows,
// fetched over HTTP and parsed with the API layer's exact-number parser: a number JSON.parse
// would change (1e400, 9007199254740993) is a RawNumber: a summary takes its nearest double
// (9007199254740992), and leaves out only one past every double (1e400), counting it.
import { describe, expect, it } from 'vitest';
import { parseExact, RawNumber } from '../../src/api/exact-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'unlimited', realistic: true });
const FROM = '2025-11-23';

interface Day {
  date: string;
  value?: number;
  rows: number;
  min?: number;
  max?: number;
}
interface Line {
  metric: string;
  provider: string;
  rule: string;
  from: string;
  days: number;
  first: string | null;
  last: string | null;
  min: number | null;
  mean: number | null;
  median: number | null;
  max: number | null;
  rows: number;
  note: string;
  daily: Day[];
}

async function rawRows(): Promise<MetricRow[]> {
  const rows: MetricRow[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ from: FROM, to: TODAY, limit: '1000' });
    if (cursor !== null) q.set('cursor', cursor);
    const res = await fetch(`${sandbox.current.url}/api/v1/metrics?${q}`, {
      headers: { authorization: `Bearer ${sandbox.current.apiKey}` },
    });
    const page = parseExact(await res.text()) as { data: MetricRow[]; next_cursor: string | null };
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return rows;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
/** A row's number as a summary takes it: the nearest double, undefined past every double. */
function numberOf(v: unknown): number | undefined {
  const n = v instanceof RawNumber ? v.toDouble() : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
const isNumber = (v: unknown): boolean => numberOf(v) !== undefined;

/** Per day of one metric and provider: its numeric rows, in the API's order. */
function daysOf(rows: readonly MetricRow[], metric: string, provider: string) {
  const days = new Map<string, number[]>();
  for (const r of rows) {
    const n = numberOf(r.numValue);
    if (r.metric !== metric || r.provider !== provider || n === undefined) continue;
    days.set(r.date, [...(days.get(r.date) ?? []), n]);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}

describe('summary on realistic data', () => {
  it('matches a reference computed from the raw rows, leaving out numbers past every double', async () => {
    const rows = await rawRows();
    const raw = rows.filter((r) => (r.numValue as unknown) instanceof RawNumber);
    // The range holds the edge numbers, so this checks what happens to them.
    expect(raw.length).toBeGreaterThan(0);
    const { code, stdout } = await runCli(
      ['summary', ...sandbox.args(), '--from', FROM, '--to', TODAY, '-f', 'json', '-q'],
      { clock: fixedClock(TODAY) },
    );
    expect(code).toBe(0);
    const lines = (JSON.parse(stdout) as { data: Line[] }).data;
    const numeric = lines.filter((l) => l.rule !== 'text' && l.days > 0);
    expect(numeric.length).toBeGreaterThan(10);
    for (const line of numeric) {
      const days = daysOf(rows, line.from, line.provider);
      const values = days.map(([, v]) => v.reduce((a, b) => a + b, 0) / v.length);
      const all = days.flatMap(([, v]) => v);
      expect(line.days).toBe(days.length);
      expect(line.first).toBe(days[0]?.[0]);
      expect(line.last).toBe(days.at(-1)?.[0]);
      expect(line.rows).toBe(all.length);
      expect(line.min).toBe(Math.min(...all));
      expect(line.max).toBe(Math.max(...all));
      if (line.rule === 'several') {
        expect(line.median).toBeNull();
      } else {
        const sorted = [...values].sort((a, b) => a - b);
        const m = sorted.length >> 1;
        const median =
          sorted.length % 2 ? sorted[m] : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
        expect(line.median).toBe(median);
      }
      expect(line.daily.map((d) => [d.date, d.value])).toEqual(
        days.map(([date], i) => [date, round2(values[i] as number)]),
      );
      if (line.rule === 'twin') {
        // The per-app rows left out: every row of the base metric that holds a number.
        const own = rows.filter(
          (r) => r.metric === line.metric && r.provider === line.provider && isNumber(r.numValue),
        );
        expect(line.note).toContain(`the ${own.length} ${line.metric} rows`);
      }
    }
    // Every mean is a number: 1e400 never became Infinity in one (JSON would show null).
    for (const line of numeric) expect(Number.isFinite(line.mean)).toBe(true);
  });
});
