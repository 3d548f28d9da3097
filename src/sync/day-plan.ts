// Which days a sync keeps, replaces or empties, and what that changes: the one home of the
// rules every target follows (docs/sync.md, "What a run does"). The targets (flat/merge.ts,
// sqlite/store.ts, parquet/store.ts) only read days and write what a step says.
// - Days before `replaceFrom` are kept as they are; the API's days before it are ignored.
// - From it on, a day's rows that the sync's filters own are replaced by what the API sent
//   for that day, and the others kept: a held day the API sent nothing for is emptied of them.
// - A day the API sent a broken row for (`keep`, fetched-days.ts) is kept as it was.
// - A replaced day whose rows come out identical is kept: the target need not touch it.
// Rows have no key, so a day is compared as a sequence of whole rows in the form the target
// stores them (stored-text.ts); the counts compare the owned rows as multisets (day-diff.ts).
// Both sides stream, newest first, one day each at a time: memory does not grow with the
// target, and a held day is read only when the plan reaches it.
import type { MetricRow } from '../api/types.ts';
import { diffDay, emptyCounts, sameRows, type RowCounts } from './day-diff.ts';
import type { Day } from './fetched-days.ts';
import { Peekable } from './peekable.ts';

/** What the plan needs of a row as a target holds it. */
export interface PlanRow {
  provider: string;
  metric: string;
}

export interface HeldDay<R extends PlanRow> {
  date: string;
  /** The day's rows as the target holds them, in its order. */
  rows: readonly R[];
}

/** How a target holds rows: which it owns, what is compared, and how fetched rows are stored. */
export interface DayRule<R extends PlanRow> {
  /** A held row the sync's filters own (fetched rows always are: the row guard drops others). */
  owns(row: R): boolean;
  /** What two rows are equal by, as the target stores them. */
  identity(row: R): string;
  /** The fetched rows as the target would hold them; called only for days the target holds. */
  stored(rows: readonly MetricRow[]): readonly R[] | Promise<readonly R[]>;
}

export type DayStep<R extends PlanRow> =
  /** Held as it is: `why` says whether it is before the range, broken, or came back the same. */
  | { action: 'keep'; date: string; held: readonly R[]; why: 'before-range' | 'broken' | 'same' }
  /** A day the target does not hold: it gets `sent`, as the API sent it. */
  | { action: 'add'; date: string; sent: readonly MetricRow[] }
  /**
   * A held day that changed: it now holds `rows`, its unowned rows and `fetched` (the API's,
   * stored) interleaved in the API's order. `empty`: the API sent nothing for the day.
   */
  | {
      action: 'replace' | 'empty';
      date: string;
      held: readonly R[];
      fetched: readonly R[];
      sent: readonly MetricRow[];
      rows: readonly R[];
    };

export interface DayPlan<R extends PlanRow> {
  /** Newest first, one per day held or fetched (fetched days before the range aside). */
  steps: AsyncGenerator<DayStep<R>, void, undefined>;
  /** The rows the plan adds, removes and leaves: final once `steps` is done. */
  counts: RowCounts;
  /** Whether any step so far is not `keep`: final once `steps` is done. */
  readonly changed: boolean;
}

export function planDays<R extends PlanRow>(
  held: AsyncIterable<HeldDay<R>> | Iterable<HeldDay<R>>,
  fetched: AsyncIterable<Day> | Iterable<Day>,
  replaceFrom: string | undefined,
  rule: DayRule<R>,
): DayPlan<R> {
  const counts = emptyCounts();
  const plan = { steps: steps(), counts, changed: false };
  const inRange = (date: string): boolean => replaceFrom === undefined || date >= replaceFrom;
  const owned = (rows: readonly R[]): R[] => rows.filter((r) => rule.owns(r));

  async function* steps(): AsyncGenerator<DayStep<R>, void, undefined> {
    const heldDays = new Peekable(held);
    try {
      for await (const day of fetched) {
        if (!inRange(day.date)) continue; // the API went below `from`: those days are kept
        for (let h = await heldDays.peek(); h && h.date > day.date; h = await heldDays.peek()) {
          yield note(sentNothing((await heldDays.take()) as HeldDay<R>));
        }
        const h = await heldDays.peek();
        const same = h?.date === day.date ? ((await heldDays.take()) as HeldDay<R>) : undefined;
        const step = await fetchedDay(day, same);
        if (step !== undefined) yield note(step);
      }
      for (let h = await heldDays.take(); h; h = await heldDays.take()) {
        yield note(sentNothing(h));
      }
    } finally {
      await heldDays.close();
    }
  }

  function note(step: DayStep<R>): DayStep<R> {
    if (step.action !== 'keep') plan.changed = true;
    return step;
  }

  function sentNothing(day: HeldDay<R>): DayStep<R> {
    if (!inRange(day.date)) {
      return { action: 'keep', date: day.date, held: day.rows, why: 'before-range' };
    }
    return replaced(day, [], []);
  }

  async function fetchedDay(
    day: Day,
    heldDay: HeldDay<R> | undefined,
  ): Promise<DayStep<R> | undefined> {
    if (day.keep === true) {
      const rows = heldDay?.rows ?? [];
      counts.unchanged += owned(rows).length;
      return { action: 'keep', date: day.date, held: rows, why: 'broken' };
    }
    if (heldDay === undefined) {
      if (day.rows.length === 0) return undefined;
      counts.added += day.rows.length;
      return { action: 'add', date: day.date, sent: day.rows };
    }
    return replaced(heldDay, day.rows, await rule.stored(day.rows));
  }

  function replaced(
    day: HeldDay<R>,
    sent: readonly MetricRow[],
    fetchedRows: readonly R[],
  ): DayStep<R> {
    const kept = day.rows.filter((r) => !rule.owns(r));
    const ids = (rows: readonly R[]): string[] => rows.map((r) => rule.identity(r));
    diffDay(ids(owned(day.rows)), ids(fetchedRows), counts);
    const rows = interleave(kept, fetchedRows);
    if (sameRows(ids(day.rows), ids(rows))) {
      return { action: 'keep', date: day.date, held: day.rows, why: 'same' };
    }
    const action = sent.length === 0 ? 'empty' : 'replace';
    return { action, date: day.date, held: day.rows, fetched: fetchedRows, sent, rows };
  }

  return plan;
}

/** Kept rows and fetched rows of one day, each in its own order, merged by provider and metric. */
export function interleave<R extends PlanRow>(kept: readonly R[], fetched: readonly R[]): R[] {
  if (kept.length === 0) return [...fetched];
  const out: R[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < fetched.length) {
    const k = kept[i];
    const f = fetched[j];
    if (k !== undefined && (f === undefined || compareGroup(k, f) <= 0)) {
      out.push(k);
      i++;
    } else {
      out.push(f as R);
      j++;
    }
  }
  return out;
}

/** The API's order within a day: provider case-insensitively, then metric. */
function compareGroup(a: PlanRow, b: PlanRow): number {
  const pa = a.provider.toLowerCase();
  const pb = b.provider.toLowerCase();
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0;
}
