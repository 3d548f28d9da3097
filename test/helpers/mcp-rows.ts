// query_metrics' answer back into rows, to compare with the rows the sandbox holds.
import { expect } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import type { Series } from '../../src/mcp/compact-rows.ts';

/** query_metrics' series back into rows, in sorted()'s order; checks each series is newest first. */
export function rowsOf(structured: Record<string, unknown>): MetricRow[] {
  const rows: MetricRow[] = [];
  for (const s of structured['series'] as Series[]) {
    // Each series keeps the API's order: newest first.
    expect([...s.date].sort().reverse()).toEqual(s.date);
    s.date.forEach((date, i) =>
      rows.push({
        date,
        provider: s.provider,
        metric: s.metric,
        numValue: s.value[i] ?? null,
        textValue: s.text?.[i] ?? null,
        unit: s.unit,
        stream: s.stream,
      }),
    );
  }
  return sorted(rows);
}

/** Rows in one canonical order, to compare as a multiset (series regroup the API's order). */
export function sorted(rows: readonly MetricRow[]): MetricRow[] {
  const key = (r: MetricRow) =>
    JSON.stringify([r.date, r.provider, r.metric, r.numValue, r.textValue]);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
