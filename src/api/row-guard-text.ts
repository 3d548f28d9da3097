// The row guard (row-guard.ts) for a proven page, read off its bytes while canonical-proof.ts
// counts the rows: a proven row has the spec's types, so only its date and, when the query names
// them, its provider and metric are checked. Cells are found by the row layout
// (rows/row-layout.ts). Nothing is allocated for a row that passes: the date is read as a number
// (and checked only when it differs from the last row's), and names are compared in place as
// UTF-8 bytes. A page with one offender is parsed and filtered by the guard instead.
import { isCalendarDate } from '../lib/dates.ts';
import type { RowTextCheck } from './rows/canonical-proof.ts';
import { DATE_AT, METRIC_AFTER, PROVIDER_AT, stringEndAt } from './rows/row-layout.ts';

const QUOTE = 0x22;

/** `earliest`..`latest`: the dates a row may have, both real calendar dates (YYYY-MM-DD). */
export function textRowCheck(
  earliest: string,
  latest: string,
  metrics: ReadonlySet<string> | undefined,
  /** Lower case. */
  providers: ReadonlySet<string> | undefined,
): RowTextCheck {
  const low = dayNumber(Buffer.from(earliest, 'latin1'), 0);
  const high = dayNumber(Buffer.from(latest, 'latin1'), 0);
  const metricList = metrics ? [...metrics].map((m) => Buffer.from(m, 'utf8')) : undefined;
  const providerList = providers ? [...providers] : undefined;
  let lastDay = -1;
  return (src, at) => {
    const day = dayNumber(src, at + DATE_AT);
    if (day !== lastDay) {
      const year = Math.floor(day / 10000);
      const month = Math.floor(day / 100) % 100;
      if (day < low || day > high || !isCalendarDate(year, month, day % 100)) return false;
      lastDay = day;
    }
    if (metricList === undefined && providerList === undefined) return true;
    const providerEnd = stringEndAt(src, at + PROVIDER_AT);
    if (providerList !== undefined && providers !== undefined) {
      const start = at + PROVIDER_AT;
      let found = false;
      for (let i = 0; i < providerList.length && !found; i++) {
        found = sameFolded(src, start, providerEnd, providerList[i] as string);
      }
      // Not found as ASCII: the name may hold escapes or letters that fold otherwise.
      if (!found && !providers.has(decoded(src, start, providerEnd).toLowerCase())) return false;
    }
    if (metricList !== undefined && metrics !== undefined) {
      const start = providerEnd + METRIC_AFTER;
      const end = stringEndAt(src, start);
      let found = false;
      for (let i = 0; i < metricList.length && !found; i++) {
        found = sameBytes(src, start, end, metricList[i] as Buffer);
      }
      // Not found as bytes: the name may hold escapes.
      if (!found && !metrics.has(decoded(src, start, end))) return false;
    }
    return true;
  };
}

/** YYYY-MM-DD at `at` as the number YYYYMMDD; the digits are proven. Unrolled: every row. */
function dayNumber(src: Uint8Array, at: number): number {
  const year =
    (src[at] as number) * 1000 +
    (src[at + 1] as number) * 100 +
    (src[at + 2] as number) * 10 +
    (src[at + 3] as number);
  const month = (src[at + 5] as number) * 10 + (src[at + 6] as number);
  const day = (src[at + 8] as number) * 10 + (src[at + 9] as number);
  // '0' is 48: 48 × 1111 for the year, × 11 for month and day.
  return (year - 53_328) * 10_000 + (month - 528) * 100 + (day - 528);
}

/** src[start, end) equals `lower` with ASCII letters folded; false for anything else. */
function sameFolded(src: Uint8Array, start: number, end: number, lower: string): boolean {
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = src[start + i] as number;
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

function sameBytes(src: Uint8Array, start: number, end: number, name: Buffer): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (src[start + i] !== name[i]) return false;
  return true;
}

/** The value of the JSON string whose content is src[start, end) (escapes undone). */
function decoded(src: Buffer, start: number, end: number): string {
  if (src[start - 1] !== QUOTE) return '';
  return JSON.parse(src.toString('utf8', start - 1, end + 1)) as string;
}
