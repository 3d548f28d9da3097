// THE daily-value rule (spec, Metric rules 2 and 3), in one place. Every surface that shows a
// daily value takes it from here through summarize(): `daily`, `summary`, `chart`, the insight
// commands, `report` (live and --from-db) and the MCP tools. The SQLite `daily` view of `sync`
// (src/sync/sqlite/schema.ts, a layer that cannot import this) is held equal to it by
// test/unit/daily-view-rule.test.ts, which feeds the same random rows to both.
import { twinOf } from './twins.ts';

/**
 * Why a (metric, provider, day) has the value it has:
 * - `total`: the `<metric>_total` twin has a row that day: its value (the aggregator's
 *   de-duplicated daily total); the metric's own rows that day are left out.
 * - `single`: one row of the metric, no twin that day: the row as it is. One source cannot
 *   double-count, so even a metric that has a twin takes it.
 * - `several`: several rows (one per source app, or samples) of a metric that has no twin:
 *   their mean, never their sum.
 * - `no_total`: several rows of a metric that has a twin, on a day the twin lacks: no value.
 *   Their sum double-counts and their mean is a number nobody measured.
 */
export type DailyBasis = 'total' | 'single' | 'several' | 'no_total';

/** The bases that give a number; `no_total` gives none. */
export type ValuedBasis = Exclude<DailyBasis, 'no_total'>;

/**
 * The basis of one day, from how many numeric rows the twin and the metric itself have that
 * day (for one provider), and whether the metric has a twin at all (hasTwin below).
 * Undefined when neither has a numeric row that day.
 */
export function basisOf(
  twinRows: number,
  ownRows: number,
  metricHasTwin: boolean,
): DailyBasis | undefined {
  if (twinRows > 0) return 'total';
  if (ownRows === 1) return 'single';
  if (ownRows === 0) return undefined;
  return metricHasTwin ? 'no_total' : 'several';
}

/**
 * What makes a metric "have a twin", decided once: `<metric>_total` is a name the source
 * knows: among the rows read (any provider, any day), or in the catalog when one was read.
 * By name, not by provider or day: being cumulative is a property of the metric, and a day or
 * a provider whose aggregator sent no total is exactly the case the rule must not average.
 * The SQLite view knows no catalog: for it, the names are those of the rows it holds.
 */
export function hasTwin(metric: string, knownNames: ReadonlySet<string>): boolean {
  return knownNames.has(twinOf(metric));
}
