// The values a line can take, as its own data shows them: the usual range is drawn inside
// them, never past. A band is median ± a spread, so over a baseline near 0 its lower edge
// falls below 0 (active energy to −200 kcal, distance to −5 km) where no value can be. The rule:
// - no value below 0 (in the range or the baseline days before it): the floor is 0;
// - a percentage (unit `%`) with every value in 0–100: the ceiling is 100 (the floor is 0).
// A line with a negative value (a temperature, a change) keeps its band as the rule gives it.
// Clamping changes only the drawing: no value lies outside the limits, so a day is outside
// the drawn band exactly when it is outside the rule's band (a flagged day).

export interface Limits {
  min: number | null;
  max: number | null;
}

export function valueLimits(values: Iterable<number>, unit: string | null): Limits {
  let lowest = Infinity;
  let highest = -Infinity;
  for (const v of values) {
    if (v < lowest) lowest = v;
    if (v > highest) highest = v;
  }
  if (lowest === Infinity) return { min: null, max: null };
  const min = lowest >= 0 ? 0 : null;
  const max = unit?.trim() === '%' && lowest >= 0 && highest <= 100 ? 100 : null;
  return { min, max };
}

/** An edge of the band inside the limits (null stays null: no band that day). */
export function within(x: number | null, limits: Limits): number | null {
  if (x === null) return null;
  if (limits.min !== null && x < limits.min) return limits.min;
  if (limits.max !== null && x > limits.max) return limits.max;
  return x;
}
