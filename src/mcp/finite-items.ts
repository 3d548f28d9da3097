// The last guard between the statistics and an output schema. A number that is not finite
// (NaN, ±Infinity) fails zod's z.number(), and the SDK then fails the WHOLE call: one metric's
// bad value took every other metric's answer with it. The statistics are finite for any
// finite double (src/lib/finite-math.ts), so this should never cut anything; if it does, the
// item alone goes, and a note says so: each metric's entry stands alone.

/** Whether `value` holds, at any depth, a number that is NaN or ±Infinity. */
export function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(holdsNonFinite);
  if (typeof value === 'object' && value !== null) {
    return Object.values(value as Record<string, unknown>).some(holdsNonFinite);
  }
  return false;
}

/** The items that hold only finite numbers; a note in `notes` counts the others. */
export function finiteItems<T>(items: readonly T[], notes: string[]): T[] {
  const kept = items.filter((item) => !holdsNonFinite(item));
  const cut = items.length - kept.length;
  if (cut > 0) {
    notes.push(
      `${cut} item(s) were left out: a number in them could not be computed as a finite double. The others are complete.`,
    );
  }
  return kept;
}
