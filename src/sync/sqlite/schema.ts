// The SQLite target's schema. `metrics` has the API's column names; `daily` applies the API's
// rule for per-source rows, so the obvious query is the right one.
// Version 2: `daily` has one row per metric, provider and day (version 1 mixed providers).
// Version 3: `numValueText` keeps a number a double cannot hold (1e400, 9007199254740993).
// Version 4: `daily` follows src/daily/rule.ts: `no_total` days, means safe near 1e308.
export const SCHEMA_VERSION = 4;

// A `<metric>_total` twin is listed in `daily` under its base name. The view and the index
// below use this very expression, so a query on `daily` for one metric is an index search
// rather than a scan that groups every row.
const IS_TOTAL = "(substr(metric, -6) = '_total' AND length(metric) > 6)";
const BASE = `CASE WHEN ${IS_TOTAL} THEN substr(metric, 1, length(metric) - 6) ELSE metric END`;
// The twin's numbers. On a day without them every number is the metric's own, so the own
// rows' aggregates are plain ones over numValue: the twin test is paid once per aggregate that
// needs it, not once for each (the view's cost is per row of `metrics`).
const TWIN_NUM = `CASE WHEN ${IS_TOTAL} THEN numValue END`;
/** Text rows (a twin is a number: a twin's text row is not expected, and not told apart). */
const TEXT = 'CASE WHEN numValue IS NULL THEN textValue END';
/**
 * The mean of `x` as src/lib/finite-math.ts takes it: finite for any finite doubles (a plain
 * avg of values near 1e308 overflows; then the values are divided by 2^64 first) and kept
 * within their range.
 */
const mean = (x: string): string => `max(min(${x}), min(max(${x}),
    CASE WHEN abs(avg(${x})) <= 1.7976931348623157e308 THEN avg(${x})
      ELSE avg((${x}) / 18446744073709551616.0) * 18446744073709551616.0 END))`;
/** The metric has a twin (src/daily/rule.ts hasTwin): its `_total` name has rows in the file. */
const HAS_TWIN = `EXISTS (SELECT 1 FROM metrics AS t WHERE t.metric = g.metric || '_total')`;

// One row per metric, provider and day: two devices are two sources, never mixed. The basis
// is src/daily/rule.ts's, held equal to it by test/unit/daily-view-rule.test.ts:
//   total     the provider's <metric>_total twin has a row that day: its value;
//   single    one row of the metric itself: the row as it is;
//   several   several rows of a metric without a twin: their mean, never their sum;
//   no_total  several rows of a metric with a twin, none that day: no value (never a sum or
//             a mean of the apps);
// a text metric's day is `single` or `several` by its rows, its text one value or a JSON
// array of the distinct values. The twins themselves are listed under their base name.
// The inner query groups by the index's expression and date first, so WHERE metric = ...
// searches the index.
export const DAILY_VIEW_SQL = `
CREATE VIEW daily AS
SELECT date, metric, provider,
  CASE WHEN basis IN ('total', 'single', 'several') THEN numMean END AS value,
  CASE WHEN basis IN ('total', 'no_total') OR numRows > 0 THEN NULL
    WHEN textRows = 1 THEN oneText ELSE texts END AS text,
  unit, basis,
  CASE basis WHEN 'total' THEN twinRows WHEN 'no_total' THEN numRows
    ELSE max(numRows, textRows) END AS rows,
  CASE WHEN basis = 'total' THEN twinMin WHEN basis IN ('single', 'several') THEN numMin END AS min,
  CASE WHEN basis = 'total' THEN twinMax WHEN basis IN ('single', 'several') THEN numMax END AS max,
  CASE WHEN basis IN ('total', 'single', 'several') THEN numMean END AS mean
FROM (
  SELECT g.*,
    CASE WHEN twinRows > 0 THEN 'total'
      WHEN numRows = 1 OR (numRows = 0 AND textRows = 1) THEN 'single'
      WHEN numRows = 0 AND textRows > 1 THEN 'several'
      WHEN numRows = 0 THEN NULL
      WHEN ${HAS_TWIN} THEN 'no_total'
      ELSE 'several' END AS basis,
    CASE WHEN twinRows > 0 THEN twinMean ELSE allMean END AS numMean
  FROM (
    SELECT date, ${BASE} AS metric, provider,
      count(${TWIN_NUM}) AS twinRows,
      count(numValue) - count(${TWIN_NUM}) AS numRows,
      count(${TEXT}) AS textRows,
      ${mean(TWIN_NUM)} AS twinMean,
      ${mean('numValue')} AS allMean,
      min(${TWIN_NUM}) AS twinMin, max(${TWIN_NUM}) AS twinMax,
      min(numValue) AS numMin, max(numValue) AS numMax,
      max(${TEXT}) AS oneText,
      json_group_array(DISTINCT textValue) FILTER (WHERE numValue IS NULL AND textValue IS NOT NULL) AS texts,
      coalesce(max(CASE WHEN ${IS_TOTAL} THEN unit END), max(unit)) AS unit
    FROM metrics
    GROUP BY ${BASE}, date, provider
  ) AS g
) AS d
WHERE basis IS NOT NULL;
`;

/**
 * The indexes of `metrics`. A sync that creates the schema creates them after its rows, in the
 * same transaction (store.ts): sorting 1M keys once costs about half of keeping three B-trees
 * in order row by row.
 */
export const INDEX_SQL = `
CREATE INDEX IF NOT EXISTS metrics_metric_date ON metrics (metric, date);
-- By date alone too: a sync replaces whole days, and Grafana queries a time range.
CREATE INDEX IF NOT EXISTS metrics_date ON metrics (date);
-- What the daily view groups by, so that daily WHERE metric = ... is an index search.
CREATE INDEX IF NOT EXISTS metrics_daily ON metrics ((${BASE}), date);
`;

/** The tables and the view, without INDEX_SQL, and the schema version. */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS metrics (
  date TEXT NOT NULL,
  provider TEXT NOT NULL,
  metric TEXT NOT NULL,
  numValue REAL,
  textValue TEXT,
  unit TEXT,
  stream INTEGER NOT NULL CHECK (stream IN (0, 1)),
  -- The decimal text the server sent when numValue (the nearest double) is not it exactly.
  numValueText TEXT
);
CREATE TABLE IF NOT EXISTS sync_state (
  filters TEXT PRIMARY KEY,
  metric_filter TEXT,
  provider_filter TEXT,
  last_sync_at TEXT NOT NULL,
  refetched_from TEXT,
  plan TEXT,
  history_window_days INTEGER,
  history_floor TEXT,
  schema_version INTEGER NOT NULL
);
${DAILY_VIEW_SQL}
PRAGMA user_version = ${SCHEMA_VERSION};
`;

/**
 * From an older schema to this one, inside the sync's transaction. Version 1's view mixed
 * providers: a view holds no data, so it is dropped and created again. Versions 1 and 2 lack
 * numValueText: the column is added (NULL in every old row; a day whose numbers were rounded
 * then compares unequal and is replaced by the exact rows). Rows and indexes stay.
 */
export function upgradeSql(hasNumValueText: boolean): string {
  return `
DROP VIEW IF EXISTS daily;
${hasNumValueText ? '' : 'ALTER TABLE metrics ADD COLUMN numValueText TEXT;'}
${DAILY_VIEW_SQL}
PRAGMA user_version = ${SCHEMA_VERSION};
`;
}
