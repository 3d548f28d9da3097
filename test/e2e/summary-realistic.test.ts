// `healthdata summary` on realistic data (full-precision doubles, non-ASCII names, numbers no
// double holds: sandbox --realistic) against a plain reference computed here from the raw rows,
// fetched over HTTP and parsed with the API layer's exact-number parser: a number JSON.parse
// would change (1e400, 9007199254740993) is a RawNumber: a summary takes its nearest double
// (9007199254740992), and leaves out only one past every double (1e400), counting it.
import { describe, expect, it } from 'vitest';
import { parseExact, RawNumber } from '../../src/api/exact-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { amount } from '../../src/lib/precision.ts';
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

/** A row's number as a summary takes it: the nearest double, undefined past every double. */
function numberOf(v: unknown): number | undefined {
  const n = v instanceof RawNumber ? v.toDouble() : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

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

/**
 * The rule written out again from the raw rows (src/daily/rule.ts): the twin's rows on a day
 * it has; else one row as it is; else several rows' mean when the metric has no twin.
 */
function ruledDays(rows: readonly MetricRow[], metric: string, provider: string, twin: boolean) {
  const totals = new Map(daysOf(rows, `${metric}_total`, provider));
  const days: [string, number[]][] = [];
  for (const [date, own] of daysOf(rows, metric, provider)) {
    if (!totals.has(date) && (own.length === 1 || !twin)) days.push([date, own]);
  }
  for (const [date, total] of totals) days.push([date, total]);
  return days.sort(([a], [b]) => (a < b ? -1 : 1));
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
    const names = new Set(rows.map((r) => r.metric));
    for (const line of numeric) {
      const days = ruledDays(rows, line.metric, line.provider, names.has(`${line.metric}_total`));
      const values = days.map(([, v]) => v.reduce((a, b) => a + b, 0) / v.length);
      // As shown: a row as sent, the mean of several rows rounded once (src/daily/shown.ts).
      const shown = days.map(([, v], i) => (v.length === 1 ? v[0] : amount(values[i] as number)));
      const extreme = (x: number) =>
        days.some(([, v], i) => v.length === 1 && values[i] === x) ? x : amount(x);
      const all = days.flatMap(([, v]) => v);
      expect(line.days).toBe(days.length);
      expect(line.first).toBe(days[0]?.[0]);
      expect(line.last).toBe(days.at(-1)?.[0]);
      expect(line.rows).toBe(all.length);
      // Every statistic is over the daily values, whatever the rule.
      expect(line.min).toBe(extreme(Math.min(...values)));
      expect(line.max).toBe(extreme(Math.max(...values)));
      const sorted = [...values].sort((a, b) => a - b);
      const m = sorted.length >> 1;
      const median =
        sorted.length % 2 ? sorted[m] : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
      expect(line.median).toBe(amount(median as number));
      expect(line.daily.map((d) => [d.date, d.value])).toEqual(
        days.map(([date], i) => [date, shown[i]]),
      );
      if (line.rule === 'twin') {
        // The per-app rows left out: the base metric's rows on days the twin stands for, and
        // on days of several rows without it (no value).
        const totals = new Set(daysOf(rows, `${line.metric}_total`, line.provider).map(([d]) => d));
        const own = daysOf(rows, line.metric, line.provider)
          .filter(([date, v]) => totals.has(date) || v.length > 1)
          .flatMap(([, v]) => v);
        expect(line.note).toContain(`the ${own.length} ${line.metric} rows`);
      }
    }
    // Every mean is a number: 1e400 never became Infinity in one (JSON would show null).
    for (const line of numeric) expect(Number.isFinite(line.mean)).toBe(true);
  });
});
