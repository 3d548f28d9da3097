// The day plan every sync target follows (src/sync/day-plan.ts), checked on random targets
// and fetches: held days with rows of several providers and metrics, some owned by the
// sync's filters and some not; fetched days within the filters, some with a broken row; a
// replace-from date anywhere or none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Day } from '../../src/sync/fetched-days.ts';
import { planDays, type DayRule, type DayStep, type HeldDay } from '../../src/sync/day-plan.ts';
import { rowFilter, type SyncFilters } from '../../src/sync/filters.ts';
import { rowIdentity } from '../../src/sync/row-identity.ts';

const DATES = Array.from({ length: 10 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
const PROVIDERS = ['Aria', 'bolt', 'Cor'];
const METRICS = ['hr', 'steps', 'weight'];

/** The API's order within a day: provider case-insensitively, then metric. */
const apiOrder = (a: MetricRow, b: MetricRow): number =>
  a.provider.toLowerCase().localeCompare(b.provider.toLowerCase()) ||
  (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0);

/** A row's content without its date: few values, so equal rows (and equal days) are common. */
const rowShape = fc.record({
  provider: fc.constantFrom(...PROVIDERS),
  metric: fc.constantFrom(...METRICS),
  numValue: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
});

type Shape = { provider: string; metric: string; numValue: number | null };

const rowsOn = (date: string, shapes: readonly Shape[]): MetricRow[] =>
  shapes.map((s) => ({ date, ...s, textValue: null, unit: null, stream: false })).sort(apiOrder);

/** Newest first, each date once, as a target holds its days and as the API sends them. */
const days = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<[string, T][]> =>
  fc
    .uniqueArray(fc.constantFrom(...DATES), { maxLength: DATES.length })
    .chain((dates) =>
      fc.tuple(
        ...dates
          .sort()
          .reverse()
          .map((d) => fc.tuple(fc.constant(d), value)),
      ),
    )
    .map((pairs) => pairs as [string, T][]);

const filters: fc.Arbitrary<SyncFilters> = fc.record(
  {
    metrics: fc.uniqueArray(fc.constantFrom(...METRICS), { minLength: 1 }),
    providers: fc.uniqueArray(fc.constantFrom(...PROVIDERS.map((p) => p.toUpperCase())), {
      minLength: 1,
    }),
  },
  { requiredKeys: [] },
);

interface Case {
  held: HeldDay<MetricRow>[];
  fetched: Day[];
  replaceFrom: string | undefined;
  filters: SyncFilters;
}

const cases: fc.Arbitrary<Case> = fc
  .record({
    held: days(fc.array(rowShape, { minLength: 1, maxLength: 5 })),
    fetched: days(fc.tuple(fc.array(rowShape, { maxLength: 5 }), fc.boolean())),
    replaceFrom: fc.option(fc.constantFrom(...DATES), { nil: undefined }),
    filters,
  })
  .map(({ held, fetched, replaceFrom, filters }) => {
    const owns = rowFilter(filters);
    return {
      held: held.map(([date, shapes]) => ({ date, rows: rowsOn(date, shapes) })),
      // The row guard lets only rows within the filters through; a day with a broken row may
      // come with rows or none.
      fetched: fetched
        .map(([date, [shapes, broken]]): Day => {
          const rows = rowsOn(date, shapes).filter((r) => owns(r.metric, r.provider));
          return broken ? { date, rows, keep: true } : { date, rows };
        })
        .filter((day) => day.keep === true || day.rows.length > 0),
      replaceFrom,
      filters,
    };
  });

const ruleFor = (
  f: SyncFilters,
  stored = (rows: readonly MetricRow[]) => rows,
): DayRule<MetricRow> => {
  const owns = rowFilter(f);
  return { owns: (r) => owns(r.metric, r.provider), identity: rowIdentity, stored };
};

async function plan(c: Case, rule = ruleFor(c.filters)) {
  const result = planDays(c.held, c.fetched, c.replaceFrom, rule);
  const steps: DayStep<MetricRow>[] = [];
  for await (const step of result.steps) steps.push(step);
  return { steps, counts: result.counts, changed: result.changed };
}

/** The target's days after the plan: what each step leaves, days left with no rows dropped. */
function after(steps: readonly DayStep<MetricRow>[]): HeldDay<MetricRow>[] {
  return steps
    .map((step) => ({
      date: step.date,
      rows: step.action === 'keep' ? step.held : step.action === 'add' ? step.sent : step.rows,
    }))
    .filter((day) => day.rows.length > 0);
}

const ids = (rows: readonly MetricRow[]): string[] => rows.map(rowIdentity);
const inRange = (c: Case, date: string): boolean =>
  c.replaceFrom === undefined || date >= c.replaceFrom;

describe('planDays', () => {
  it('never loses or changes a held day before the replace-from date', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const result = new Map(after((await plan(c)).steps).map((d) => [d.date, ids(d.rows)]));
        for (const day of c.held.filter((d) => !inRange(c, d.date))) {
          expect(result.get(day.date)).toEqual(ids(day.rows));
        }
      }),
    );
  });

  it('gives each day one step, newest first, and never holds a fetched day twice', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { steps } = await plan(c);
        const dates = steps.map((s) => s.date);
        expect(dates).toEqual([...new Set(dates)].sort().reverse());
        for (const day of after(steps)) {
          const fetched = c.fetched.find((f) => f.date === day.date && f.keep !== true);
          if (fetched === undefined || !inRange(c, day.date)) continue;
          // Each fetched row is there once, as many times as the API sent it.
          const owns = rowFilter(c.filters);
          expect(ids(day.rows.filter((r) => owns(r.metric, r.provider)))).toEqual(
            ids(fetched.rows),
          );
        }
      }),
    );
  });

  it('replaces the owned rows of each day in range, keeps the rest, and keeps broken days', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const owns = rowFilter(c.filters);
        const mine = (rows: readonly MetricRow[]) => rows.filter((r) => owns(r.metric, r.provider));
        const theirs = (rows: readonly MetricRow[]) =>
          rows.filter((r) => !owns(r.metric, r.provider));
        const result = new Map(after((await plan(c)).steps).map((d) => [d.date, d.rows]));
        for (const date of DATES) {
          const held = c.held.find((d) => d.date === date)?.rows ?? [];
          const fetched = c.fetched.find((d) => d.date === date);
          const now = result.get(date) ?? [];
          if (!inRange(c, date) || fetched?.keep === true) {
            expect(ids(now)).toEqual(ids(held));
            continue;
          }
          expect(ids(mine(now))).toEqual(ids(fetched?.rows ?? []));
          expect(ids(theirs(now))).toEqual(ids(theirs(held)));
          // In the API's order, as one export of the union of the filters writes them.
          expect(ids(now)).toEqual(ids([...now].sort(apiOrder)));
        }
      }),
    );
  });

  it('a re-plan of its own output is all "keep" and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const first = await plan(c);
        const again = await plan({ ...c, held: after(first.steps) });
        expect(again.steps.map((s) => s.action)).toEqual(again.steps.map(() => 'keep'));
        expect(again.changed).toBe(false);
        expect(again.counts.added + again.counts.removed).toBe(0);
      }),
    );
  });

  it('counts what a day gained and lost, and says changed exactly when a day differs', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const owns = rowFilter(c.filters);
        const ownedIn = (list: readonly HeldDay<MetricRow>[]) =>
          list
            .filter((d) => inRange(c, d.date))
            .reduce((n, d) => n + d.rows.filter((r) => owns(r.metric, r.provider)).length, 0);
        const { steps, counts, changed } = await plan(c);
        const result = after(steps);
        expect(counts.unchanged + counts.removed).toBe(ownedIn(c.held));
        expect(counts.unchanged + counts.added).toBe(ownedIn(result));
        const before = c.held.map((d) => [d.date, ids(d.rows)]);
        expect(changed).toBe(
          JSON.stringify(before) !== JSON.stringify(result.map((d) => [d.date, ids(d.rows)])),
        );
        expect(changed).toBe(steps.some((s) => s.action !== 'keep'));
      }),
    );
  });

  it('stores fetched rows only for days the target holds, and reads the target a day ahead at most', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const storedDates: string[] = [];
        const rule = ruleFor(c.filters, (rows) => {
          if (rows[0] !== undefined) storedDates.push(rows[0].date);
          return rows;
        });
        let pulled = 0;
        function* held(): Generator<HeldDay<MetricRow>> {
          for (const day of c.held) {
            pulled++;
            yield day;
          }
        }
        const result = planDays(held(), c.fetched, c.replaceFrom, rule);
        let stepped = 0;
        for await (const step of result.steps) {
          stepped++;
          // The step's day and the next one: never the whole target.
          expect(pulled).toBeLessThanOrEqual(stepped + 1);
          if (step.action === 'add') expect(storedDates).not.toContain(step.date);
        }
        const heldDates = new Set(c.held.map((d) => d.date));
        for (const date of storedDates) expect(heldDates.has(date)).toBe(true);
      }),
    );
  });
});

describe('planDays, by example', () => {
  const row = (date: string, provider: string, metric: string, numValue: number): MetricRow => ({
    date,
    provider,
    metric,
    numValue,
    textValue: null,
    unit: null,
    stream: false,
  });
  const D1 = '2026-01-01';
  const D2 = '2026-01-02';
  const D3 = '2026-01-03';
  const steps = async (c: Case) => (await plan(c)).steps;

  it('empties a held day the API no longer sends, keeping the rows another sync owns', async () => {
    const weight = row(D2, 'Aria', 'weight', 70);
    const steps2 = await steps({
      held: [{ date: D2, rows: [row(D2, 'Aria', 'steps', 5), weight] }],
      fetched: [],
      replaceFrom: D1,
      filters: { metrics: ['steps'] },
    });
    expect(steps2).toMatchObject([{ action: 'empty', date: D2, rows: [weight] }]);
  });

  it('keeps a day with a broken row as it was, counting its owned rows unchanged', async () => {
    const held = [row(D3, 'Aria', 'steps', 5), row(D3, 'Aria', 'weight', 70)];
    const result = await plan({
      held: [{ date: D3, rows: held }],
      fetched: [{ date: D3, rows: [], keep: true }],
      replaceFrom: D1,
      filters: { metrics: ['steps'] },
    });
    expect(result.steps).toEqual([{ action: 'keep', date: D3, held, why: 'broken' }]);
    expect(result.counts).toEqual({ added: 0, removed: 0, unchanged: 1 });
  });

  it('ignores fetched days before the replace-from date and keeps the held ones there', async () => {
    const held = [row(D1, 'Aria', 'steps', 1)];
    const result = await plan({
      held: [{ date: D1, rows: held }],
      fetched: [
        { date: D2, rows: [row(D2, 'Aria', 'steps', 2)] },
        { date: D1, rows: [] },
      ],
      replaceFrom: D2,
      filters: {},
    });
    expect(result.steps.map((s) => [s.action, s.date])).toEqual([
      ['add', D2],
      ['keep', D1],
    ]);
    expect(result.steps[1]).toMatchObject({ why: 'before-range' });
    expect(result.counts).toEqual({ added: 1, removed: 0, unchanged: 0 });
  });

  it('interleaves the kept rows with the fetched ones by provider, case-insensitively, then metric', async () => {
    const kept = [row(D1, 'aria', 'weight', 1), row(D1, 'Cor', 'hr', 2)];
    const fetched = [row(D1, 'Aria', 'steps', 3), row(D1, 'bolt', 'steps', 4)];
    const [step] = await steps({
      held: [{ date: D1, rows: kept }],
      fetched: [{ date: D1, rows: fetched }],
      replaceFrom: undefined,
      filters: { metrics: ['steps'] },
    });
    expect(step).toMatchObject({ action: 'replace' });
    expect(step?.action === 'replace' ? step.rows : []).toEqual([
      fetched[0],
      kept[0],
      fetched[1],
      kept[1],
    ]);
  });
});
