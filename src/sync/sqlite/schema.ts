// The SQLite target's schema. `metrics` has the API's column names; `daily` applies the API's
// rule for per-source rows, so the obvious query is the right one.
// Version 2: `daily` has one row per metric, provider and day (version 1 mixed providers).
// Version 3: `numValueText` keeps a number a double cannot hold (1e400, 9007199254740993).
export const SCHEMA_VERSION = 3;

// A `<metric>_total` twin is listed in `daily` under its base name. The view and the index
// below use this very expression, so a query on `daily` for one metric is an index search
// (about 20 ms on 1M rows) rather than a scan that groups every row (about 3 s).
const IS_TOTAL = "(substr(metric, -6) = '_total' AND length(metric) > 6)";
const BASE = `CASE WHEN ${IS_TOTAL} THEN substr(metric, 1, length(metric) - 6) ELSE metric END`;
const HAS_TWIN = `max(${IS_TOTAL})`;
/** An aggregate over the rows that count: the twin's if the provider has one that day, else all. */
const counted = (fn: string, column: string): string =>
  `CASE WHEN ${HAS_TWIN} THEN ${fn}(CASE WHEN ${IS_TOTAL} THEN ${column} END) ELSE ${fn}(${column}) END`;
/** Several text rows: a JSON array of their distinct values (text may hold commas). */
const DISTINCT_TEXTS = `CASE WHEN count(textValue) = 0 THEN NULL WHEN ${HAS_TWIN}
    THEN json_group_array(DISTINCT textValue) FILTER (WHERE ${IS_TOTAL} AND textValue IS NOT NULL)
    ELSE json_group_array(DISTINCT textValue) FILTER (WHERE textValue IS NOT NULL) END`;
const ROWS = `CASE WHEN ${HAS_TWIN} THEN sum(${IS_TOTAL}) ELSE count(*) END`;

// One row per metric, provider and day: two devices are two sources, never mixed. A metric
// whose provider has its <metric>_total twin that day takes the twin's value (basis 'total');
// a single row is taken as it is (basis 'single'); several rows and no twin (one per source
// app, or a stream of samples) are never added up: value is their mean, as in `summary`'s
// daily series, with basis 'several' and rows, min and max beside it. The twins themselves
// are listed under their base name, never on their own.
// Grouped by the index's expression and date first, so WHERE metric = ... searches the index.
export const DAILY_VIEW_SQL = `
CREATE VIEW daily AS
SELECT date,
  ${BASE} AS metric,
  provider,
  ${counted('avg', 'numValue')} AS value,
  CASE WHEN ${ROWS} = 1 THEN ${counted('max', 'textValue')}
    ELSE ${DISTINCT_TEXTS} END AS text,
  ${counted('max', 'unit')} AS unit,
  CASE WHEN ${ROWS} > 1 THEN 'several' WHEN ${HAS_TWIN} THEN 'total' ELSE 'single' END AS basis,
  ${ROWS} AS rows,
  ${counted('min', 'numValue')} AS min,
  ${counted('max', 'numValue')} AS max,
  ${counted('avg', 'numValue')} AS mean
FROM metrics
GROUP BY ${BASE}, date, provider;
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
