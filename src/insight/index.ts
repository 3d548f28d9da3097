// Insight over daily values: periods, baselines and anomalies, comparisons, correlations.
// Pure functions over `DailyPoint` series (no I/O, no formatting), shared by the CLI
// commands, the MCP tools and the HTML report, so each number is computed in one place. The
// records built from them (a flagged day, a comparison, a correlation, a period) are built
// once too, in records/, rounded once (precision.ts): the CLI writes them, MCP answers them.
export {
  byPeriod,
  periodEnd,
  periodStart,
  PERIOD_UNITS,
  type PeriodStat,
  type PeriodUnit,
} from './periods.ts';
export {
  DEFAULT_RULE,
  findAnomalies,
  robustZ,
  scoreDays,
  scoreLast,
  type Anomaly,
  type Baseline,
  type BaselineRule,
  type ScoredDay,
} from './anomalies.ts';
export { comparePeriods, SIGNIFICANCE, type Comparison, type PeriodValues } from './compare.ts';
export {
  correlate,
  correlateAt,
  MIN_PAIRS,
  pairUp,
  type Correlation,
  type LagCorrelation,
} from './correlate.ts';
export type { DailyPoint } from './series.ts';
