// Which days a sync re-fetches and replaces. Late data arrives, so the newest day already held
// is re-fetched together with `overlap` days before it. Days before the plan's history floor
// can no longer be fetched, so they are never replaced: the target keeps them.
import { addDays } from '../lib/dates.ts';

/** Where to start fetching: the first run takes --from (or the whole window). */
export function fetchStart(
  newest: string | undefined,
  overlapDays: number,
  from: string | undefined,
): string | undefined {
  return newest === undefined ? from : addDays(newest, -overlapDays);
}

/** The first day whose rows are replaced; undefined = every day (no start and no floor). */
export function replaceFrom(start: string | undefined, floor: string | null): string | undefined {
  if (start === undefined) return floor ?? undefined;
  if (floor === null) return start;
  return start > floor ? start : floor;
}

/** Days that left the window between the last sync and this one can never be fetched again. */
export function lostDays(newest: string | undefined, floor: string | null): string | undefined {
  if (newest === undefined || floor === null) return undefined;
  const firstMissing = addDays(newest, 1);
  if (firstMissing >= floor) return undefined;
  const lastMissing = addDays(floor, -1);
  return firstMissing === lastMissing ? firstMissing : `${firstMissing} to ${lastMissing}`;
}
