// The rows a sync owns: those matching its --metric and --provider filters. Metric names match
// exactly and providers case-insensitively, as the API matches them.
export interface SyncFilters {
  metrics?: readonly string[];
  providers?: readonly string[];
}

export interface RowFilter {
  (metric: string, provider: string): boolean;
}

export function rowFilter(filters: SyncFilters): RowFilter {
  const metrics = filters.metrics ? new Set(filters.metrics) : undefined;
  const providers = filters.providers
    ? new Set(filters.providers.map((p) => p.toLowerCase()))
    : undefined;
  return (metric, provider) =>
    (metrics === undefined || metrics.has(metric)) &&
    (providers === undefined || providers.has(provider.toLowerCase()));
}

/** One canonical text per filter set (sorted, de-duplicated), e.g. for SQLite's sync_state. */
export function filtersKey(filters: SyncFilters): string {
  const norm = (list: readonly string[] | undefined, lower: boolean): string[] | null =>
    list ? [...new Set(list.map((s) => (lower ? s.toLowerCase() : s)))].sort() : null;
  return JSON.stringify({
    metric: norm(filters.metrics, false),
    provider: norm(filters.providers, true),
  });
}
