// The SQL a sync runs against its own tables, apart from the transaction logic in store.ts.
import type { Meta } from '../../api/types.ts';
import { identity } from '../row-identity.ts';
import { filtersKey, type SyncFilters } from '../filters.ts';
import type { Database } from './load.ts';
import { SCHEMA_VERSION } from './schema.ts';

/**
 * The first column of the first row (undefined: no row). libsql's get() ignores pluck(), and
 * its row objects carry an extra `_metadata` key: rows are read raw, as arrays.
 */
export function scalar(db: Database, sql: string, params: unknown[] = []): unknown {
  return (db.prepare(sql).raw().get(params) as unknown[] | undefined)?.[0];
}

/** The first column of every row. */
export function column(db: Database, sql: string, params: unknown[] = []): unknown[] {
  return (db.prepare(sql).raw().all(params) as unknown[][]).map((r) => r[0]);
}

export function saveState(
  db: Database,
  filters: SyncFilters,
  replaceFrom: string | undefined,
  { meta, nowIso }: { meta: Meta | undefined; nowIso: string },
): void {
  db.prepare(
    `INSERT INTO sync_state (filters, metric_filter, provider_filter, last_sync_at, refetched_from,
       plan, history_window_days, history_floor, schema_version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (filters) DO UPDATE SET last_sync_at = excluded.last_sync_at,
       refetched_from = excluded.refetched_from, plan = excluded.plan,
       history_window_days = excluded.history_window_days, history_floor = excluded.history_floor,
       schema_version = excluded.schema_version`,
  ).run([
    filtersKey(filters),
    filters.metrics ? filters.metrics.join(',') : null,
    filters.providers ? filters.providers.join(',') : null,
    nowIso,
    replaceFrom ?? null,
    meta?.plan ?? null,
    meta?.history_window_days ?? null,
    meta?.history_floor ?? null,
    SCHEMA_VERSION,
  ]);
}

export interface FilterSql {
  sql: string;
  params: string[];
}

/** Metric names match exactly; providers case-insensitively, as the API matches them. */
export function filterSql(filters: SyncFilters): FilterSql {
  const parts: string[] = [];
  const params: string[] = [];
  if (filters.metrics) {
    parts.push(`metric IN (${filters.metrics.map(() => '?').join(', ')})`);
    params.push(...filters.metrics);
  }
  if (filters.providers) {
    parts.push(`lower(provider) IN (${filters.providers.map(() => '?').join(', ')})`);
    params.push(...filters.providers.map((p) => p.toLowerCase()));
  }
  return { sql: parts.join(' AND '), params };
}

export function and(condition: string, where: FilterSql): string {
  return where.sql === '' ? condition : `${condition} AND ${where.sql}`;
}

/** A day's rows under the filters, in the order they were inserted (the API's order). */
export function rowsOf(db: Database, date: string, where: FilterSql): HeldRow[] {
  const rows = db
    .prepare(
      `SELECT provider, metric, coalesce(numValueText, numValue), textValue, unit, stream FROM metrics WHERE ${and('date = ?', where)} ORDER BY rowid`,
    )
    .raw()
    .all([date, ...where.params]) as unknown[][];
  return rows.map((r) => ({
    provider: r[0] as string,
    metric: r[1] as string,
    id: identity(...r),
  }));
}

/** A row as the day plan compares it: its identity (row-identity.ts), provider and metric. */
export interface HeldRow {
  provider: string;
  metric: string;
  id: string;
}
