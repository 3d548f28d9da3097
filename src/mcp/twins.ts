// The `<metric>_total` twins: which metrics have a de-duplicated daily total, by name alone.
export const TOTAL_SUFFIX = '_total';

/** base metric → its twin, for every base whose `<base>_total` is among `names`. */
export function twinsAmong(names: Iterable<string>): Map<string, string> {
  const all = new Set(names);
  const twins = new Map<string, string>();
  for (const name of all) {
    if (name.endsWith(TOTAL_SUFFIX)) continue;
    const twin = `${name}${TOTAL_SUFFIX}`;
    if (all.has(twin)) twins.set(name, twin);
  }
  return twins;
}
