// The catalog's body is "not shown" by the spec, so its metric names are read from any
// reasonable shape: {metrics: [...]}, {data: [...]} or a bare array, whose items are names or
// records with a `metric` (or `name`) field. Anything else gives undefined: unknown, not empty.
import { isRecord } from '../lib/json.ts';

export interface CatalogMetric {
  metric: string;
  unit: string | null;
}

export function catalogMetrics(body: unknown): Map<string, CatalogMetric> | undefined {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? [body['metrics'], body['data']].find(Array.isArray)
      : undefined;
  if (!Array.isArray(list)) return undefined;
  const metrics = new Map<string, CatalogMetric>();
  for (const item of list as unknown[]) {
    if (typeof item === 'string') {
      metrics.set(item, { metric: item, unit: null });
      continue;
    }
    if (!isRecord(item)) continue;
    const name = [item['metric'], item['name']].find((v) => typeof v === 'string');
    if (typeof name !== 'string') continue;
    const unit = typeof item['unit'] === 'string' ? item['unit'] : null;
    metrics.set(name, { metric: name, unit });
  }
  return metrics.size > 0 || list.length === 0 ? metrics : undefined;
}
