// The API's naming rule (spec, Metric rule 3): the de-duplicated daily total of a cumulative
// aggregator metric `X` is the twin metric `X_total`.
export const TWIN_SUFFIX = '_total';

/** The name the twin of `metric` would have. */
export function twinOf(metric: string): string {
  return metric + TWIN_SUFFIX;
}

/** The base metric a twin name stands for (`steps_total` → `steps`), or undefined. */
export function baseOf(metric: string): string | undefined {
  return metric.length > TWIN_SUFFIX.length && metric.endsWith(TWIN_SUFFIX)
    ? metric.slice(0, -TWIN_SUFFIX.length)
    : undefined;
}

/**
 * The base metrics among `names` whose twin is among `names` too: `steps` when both `steps`
 * and `steps_total` exist. A twin is only a twin when its base exists.
 */
export function metricsWithTwins(names: Iterable<string>): Set<string> {
  const all = new Set(names);
  const bases = new Set<string>();
  for (const name of all) {
    const base = baseOf(name);
    if (base !== undefined && all.has(base)) bases.add(base);
  }
  return bases;
}
