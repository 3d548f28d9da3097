// Spots metrics that have several rows on one day for one provider (one per source app of an
// aggregator), so an answer can warn the model not to add them up, and name the twin to use.
import type { MetricRow } from '../api/types.ts';

export class MultiSourceDetector {
  readonly #seen = new Set<string>();
  readonly #multi = new Set<string>();
  readonly #metrics = new Set<string>();

  add(row: MetricRow): void {
    this.#metrics.add(row.metric);
    // Stream rows are samples through the day, not one per source app.
    if (row.stream === true || this.#multi.has(row.metric)) return;
    const key = `${row.date}\u0000${row.provider.toLowerCase()}\u0000${row.metric}`;
    if (this.#seen.has(key)) this.#multi.add(row.metric);
    else this.#seen.add(key);
  }

  /** One note per metric seen with several rows a day. */
  notes(): string[] {
    return [...this.#multi].sort().map((metric) => {
      const twin = `${metric}_total`;
      const use = this.#metrics.has(twin)
        ? `use ${twin} (in this answer), the de-duplicated daily total`
        : `for a daily total use ${twin} if list_metrics shows it`;
      return `${metric} has several rows on one day for one provider: one per source app. Never add them up; ${use}.`;
    });
  }
}
