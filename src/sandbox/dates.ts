// Calendar dates are whole day numbers (days since 1970-01-01) so that window and range
// arithmetic is integer arithmetic, free of time zones and daylight-saving jumps.

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a YYYY-MM-DD string, or undefined unless it is a real calendar date. */
export function parseDate(text: string): number | undefined {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]) - 1;
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month, day));
  // Date.UTC rolls 2026-02-30 over to March and maps years 0..99 to 19xx; both are rejected.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month || d.getUTCDate() !== day) {
    return undefined;
  }
  return d.getTime() / DAY_MS;
}

export function formatDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Today on the local calendar of this machine, the way a user reads a wall calendar. */
export function localToday(now: Date = new Date()): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / DAY_MS;
}
