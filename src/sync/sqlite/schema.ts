// The SQLite target's schema. `metrics` has the API's column names; `daily` applies the API's
// rule for per-source rows, so the obvious query is the right one.
export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS metrics (
  date TEXT NOT NULL,
  provider TEXT NOT NULL,
  metric TEXT NOT NULL,
  numValue REAL,
  textValue TEXT,
  unit TEXT,
  stream INTEGER NOT NULL CHECK (stream IN (0, 1))
);
CREATE INDEX IF NOT EXISTS metrics_metric_date ON metrics (metric, date);
-- By date alone too: a sync replaces whole days, and Grafana queries a time range.
CREATE INDEX IF NOT EXISTS metrics_date ON metrics (date);
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
-- One row per metric and day. A metric with a <metric>_total twin that day takes the twin's
-- value (basis 'total'); a metric with a single row that day takes that row (basis 'single');
-- several rows and no twin (several sources, or a stream of samples) get no value at all
-- (basis 'several'): they must not be added up, and min, max and rows show the spread.
-- The twins themselves are listed under their base name, never on their own.
CREATE VIEW IF NOT EXISTS daily AS
WITH named AS (
  SELECT date, provider, numValue, textValue, unit,
    substr(metric, -6) = '_total' AND length(metric) > 6 AS is_total,
    CASE WHEN substr(metric, -6) = '_total' AND length(metric) > 6
      THEN substr(metric, 1, length(metric) - 6) ELSE metric END AS base
  FROM metrics
),
twins AS (
  SELECT date, base, max(is_total) AS has_total FROM named GROUP BY date, base
)
SELECT n.date AS date,
  n.base AS metric,
  CASE WHEN count(*) = 1 THEN max(n.numValue) END AS value,
  CASE WHEN count(*) = 1 THEN max(n.textValue) END AS text,
  max(n.unit) AS unit,
  CASE WHEN count(*) > 1 THEN 'several' WHEN t.has_total THEN 'total' ELSE 'single' END AS basis,
  count(*) AS rows,
  min(n.numValue) AS min,
  max(n.numValue) AS max,
  group_concat(DISTINCT n.provider) AS providers
FROM named n JOIN twins t ON t.date = n.date AND t.base = n.base AND n.is_total = t.has_total
GROUP BY n.date, n.base;
PRAGMA user_version = ${SCHEMA_VERSION};
`;
