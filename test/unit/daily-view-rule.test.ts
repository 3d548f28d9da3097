// The SQLite `daily` view of `sync` (src/sync/sqlite/schema.ts) is held equal to the one
// daily-value rule (src/daily/rule.ts) here: random rows (twins present, missing on some days,
// present for part of the range only; one and several source rows; text rows; several
// providers; numbers near ±1.8e308) go to both, through the real libsql SQLite and the same
// row inserter a sync uses, and the two are compared day by day.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { dailyRows, summarize, type DailyRow } from '../../src/daily/index.ts';
import { rowInserter } from '../../src/sync/sqlite/insert.ts';
import { loadSqlite, type Database } from '../../src/sync/sqlite/load.ts';
import { INDEX_SQL, SCHEMA_SQL } from '../../src/sync/sqlite/schema.ts';

const DATES = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
const PROVIDERS = ['PhoneHealth', 'WristBand', "Ring 'x'; DROP"];
/** Numeric metrics; the first two may have a twin, `hr` never does. */
const NUMERIC = ['steps', 'active_energy', 'hr'];
const UNIT: Record<string, string> = { steps: 'count', active_energy: 'kcal', hr: 'bpm' };

const value = fc.oneof(
  fc.integer({ min: 0, max: 30000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1.7976931348623157e308, -1.7976931348623157e308, 1.5e308, 5e-324, 0.1),
);

/** One (metric, provider, day): how many own rows, whether the twin has a row, the values. */
const cell = fc.record({
  metric: fc.constantFrom(...NUMERIC, 'mood'),
  provider: fc.constantFrom(...PROVIDERS),
  date: fc.constantFrom(...DATES),
  own: fc.array(value, { maxLength: 4 }),
  twin: fc.option(value, { nil: undefined }),
  texts: fc.array(fc.constantFrom('calm', 'a,b', 'say "hi"', 'ünï\ncode'), {
    minLength: 1,
    maxLength: 3,
  }),
});

type Cell = typeof cell extends fc.Arbitrary<infer C> ? C : never;

function rowsOf(cells: Cell[]): MetricRow[] {
  const rows: MetricRow[] = [];
  const seen = new Set<string>();
  for (const c of cells) {
    // One cell per (metric, provider, day): a second draw of the same key is ignored.
    const key = `${c.metric} ${c.provider} ${c.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const base = { date: c.date, provider: c.provider, stream: false };
    if (c.metric === 'mood') {
      for (const t of c.texts) {
        rows.push({ ...base, metric: 'mood', numValue: null, textValue: t, unit: null });
      }
      continue;
    }
    const unit = UNIT[c.metric] as string;
    for (const v of c.own) {
      rows.push({ ...base, metric: c.metric, numValue: v, textValue: null, unit });
    }
    if (c.twin !== undefined && c.metric !== 'hr') {
      rows.push({ ...base, metric: `${c.metric}_total`, numValue: c.twin, textValue: null, unit });
    }
  }
  // The API's order: newest day first.
  return rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

type ViewRow = DailyRow & { min: number | null; max: number | null; mean: number | null };

let Sqlite: Awaited<ReturnType<typeof loadSqlite>>;
beforeAll(async () => {
  Sqlite = await loadSqlite();
});

function viewOf(rows: readonly MetricRow[]): ViewRow[] {
  const db: Database = new Sqlite(':memory:');
  try {
    db.exec(SCHEMA_SQL);
    db.exec(INDEX_SQL);
    const insert = rowInserter(db);
    for (const date of new Set(rows.map((r) => r.date))) {
      insert(rows.filter((r) => r.date === date));
    }
    return db.prepare('SELECT * FROM daily').all() as ViewRow[];
  } finally {
    db.close();
  }
}

/**
 * Equal, or within rounding of the largest row: SQLite's avg sums with compensation, a plain
 * loop does not, so the two means may differ by a few ulps of the largest |row| (the mean of
 * 1.8e308, -1e-323 and -1.8e308 is 0 from one and -5e-324 from the other).
 */
function near(a: number | null, b: number | null, scale: number): boolean {
  if (a === null || b === null) return a === b;
  if (a === b) return true;
  return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), scale);
}

const key = (d: { date: string; metric: string; provider: string }): string =>
  `${d.date} ${d.metric} ${d.provider}`;

/** A text cell as a set: the view lists a day's distinct texts in its own order. */
const textSet = (text: string | null): string =>
  text === null
    ? 'null'
    : JSON.stringify(text.startsWith('[') ? (JSON.parse(text) as string[]).sort() : [text]);

async function compare(rows: MetricRow[]): Promise<void> {
  const ours = dailyRows(await summarize([rows]));
  const view = new Map(viewOf(rows).map((d) => [key(d), d]));
  expect(ours.map(key).sort()).toEqual([...view.keys()].sort());
  for (const d of ours) {
    const v = view.get(key(d)) as ViewRow;
    const at = `${key(d)}: ours ${d.basis} ${d.value}, view ${v.basis} ${v.value}`;
    expect(v.basis, at).toBe(d.basis);
    expect(v.rows, at).toBe(d.rows);
    expect(v.unit, at).toBe(d.unit);
    const scale = Math.max(Math.abs(v.min ?? 0), Math.abs(v.max ?? 0));
    expect(near(v.value, d.value, scale), at).toBe(true);
    expect(near(v.mean, d.value, scale), at).toBe(true);
    // A single row or a total is the row as it is, bit for bit.
    if (d.basis === 'single' || (d.basis === 'total' && d.rows === 1)) {
      expect(v.value, at).toBe(d.value);
    }
    expect(textSet(v.text), at).toBe(textSet(d.text));
  }
}

describe('the SQLite daily view and the daily-value rule', () => {
  it('give the same value and basis for every metric, provider and day of random rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { maxLength: 40 }), async (cells) => {
        await compare(rowsOf(cells));
      }),
      { numRuns: 150 },
    );
  });

  it('agree on the cases that matter, each present: a twin missing on a day, or for part of the range', async () => {
    const num = (date: string, metric: string, v: number, provider = 'PhoneHealth') => ({
      date,
      provider,
      metric,
      numValue: v,
      textValue: null,
      unit: 'kcal',
      stream: false,
    });
    // active_energy_total exists for the last two days only; steps of WristBand never has one.
    const rows = [
      num('2026-03-05', 'active_energy', 300),
      num('2026-03-05', 'active_energy', 355),
      num('2026-03-05', 'active_energy_total', 410),
      num('2026-03-04', 'active_energy_total', 200),
      num('2026-03-02', 'active_energy', 300),
      num('2026-03-02', 'active_energy', 355),
      num('2026-03-01', 'active_energy', 123.456789012345),
      num('2026-03-01', 'hr', 1.7976931348623157e308),
      num('2026-03-01', 'hr', 1.7976931348623157e308),
    ];
    await compare(rows);
    const ours = dailyRows(await summarize([rows]));
    expect(ours.map((d) => [d.date, d.metric, d.basis, d.value])).toEqual([
      ['2026-03-05', 'active_energy', 'total', 410],
      ['2026-03-04', 'active_energy', 'total', 200],
      ['2026-03-02', 'active_energy', 'no_total', null],
      ['2026-03-01', 'active_energy', 'single', 123.456789012345],
      ['2026-03-01', 'hr', 'several', 1.7976931348623157e308],
    ]);
  });
});
