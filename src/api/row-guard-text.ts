// The row guard (row-guard.ts) for a proven page, read off its text while canonical-proof.ts counts
// the rows: a proven row has the spec's types, so only its date and, when the query names
// them, its provider and metric are checked. The text is the page's bytes read as latin1, so a
// non-ASCII name is compared as its decoded value. Nothing is allocated for a row that passes: the
// date is read as a number (and checked only when it differs from the last row's), and names
// are compared in place. A page with one offender is parsed and filtered by the guard instead.
import { isCalendarDate } from '../lib/dates.ts';
import type { RowTextCheck } from './rows/canonical-proof.ts';

const DATE_AT = '{"date":"'.length;
const PROVIDER_AT = DATE_AT + 10 + '","provider":"'.length;
const METRIC_AFTER = '","metric":"'.length;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** `earliest`..`latest`: the dates a row may have, both real calendar dates (YYYY-MM-DD). */
export function textRowCheck(
  earliest: string,
  latest: string,
  metrics: ReadonlySet<string> | undefined,
  /** Lower case. */
  providers: ReadonlySet<string> | undefined,
): RowTextCheck {
  const low = dayNumber(earliest, 0);
  const high = dayNumber(latest, 0);
  const metricList = metrics ? [...metrics] : undefined;
  const providerList = providers ? [...providers] : undefined;
  let lastDay = -1;
  return (text, at) => {
    const day = dayNumber(text, at + DATE_AT);
    if (day !== lastDay) {
      const year = Math.floor(day / 10000);
      const month = Math.floor(day / 100) % 100;
      if (day < low || day > high || !isCalendarDate(year, month, day % 100)) return false;
      lastDay = day;
    }
    if (metricList === undefined && providerList === undefined) return true;
    const providerEnd = stringEnd(text, at + PROVIDER_AT);
    if (providerList !== undefined && providers !== undefined) {
      const start = at + PROVIDER_AT;
      let found = false;
      for (let i = 0; i < providerList.length && !found; i++) {
        found = sameFolded(text, start, providerEnd, providerList[i] as string);
      }
      // Not found as ASCII: the name may hold escapes or letters that fold otherwise.
      if (!found && !providers.has(decoded(text, start, providerEnd).toLowerCase())) return false;
    }
    if (metricList !== undefined && metrics !== undefined) {
      const start = providerEnd + METRIC_AFTER;
      const end = stringEnd(text, start);
      let found = false;
      for (let i = 0; i < metricList.length && !found; i++) {
        const m = metricList[i] as string;
        found = m.length === end - start && text.startsWith(m, start);
      }
      if (!found && !metrics.has(decoded(text, start, end))) return false;
    }
    return true;
  };
}

/** YYYY-MM-DD at `at` as the number YYYYMMDD; the digits are proven. Unrolled: every row. */
function dayNumber(text: string, at: number): number {
  const year =
    text.charCodeAt(at) * 1000 +
    text.charCodeAt(at + 1) * 100 +
    text.charCodeAt(at + 2) * 10 +
    text.charCodeAt(at + 3);
  const month = text.charCodeAt(at + 5) * 10 + text.charCodeAt(at + 6);
  const day = text.charCodeAt(at + 8) * 10 + text.charCodeAt(at + 9);
  // '0' is 48: 48 × 1111 for the year, × 11 for month and day.
  return (year - 53_328) * 10_000 + (month - 528) * 100 + (day - 528);
}

/** The closing quote of the string whose content starts at `i` (a quote in it is escaped). */
function stringEnd(text: string, i: number): number {
  let end = text.indexOf('"', i);
  while (end > i && escaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
}

function escaped(text: string, quote: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/** text[start, end) equals `lower` with ASCII letters folded; false for anything else. */
function sameFolded(text: string, start: number, end: number, lower: string): boolean {
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** The value of the JSON string whose content is text[start, end) (escapes undone). */
function decoded(text: string, start: number, end: number): string {
  if (text.charCodeAt(start - 1) !== QUOTE) return '';
  // The text is the page's UTF-8 bytes as latin1 (canonical-proof.ts): back to bytes, then decoded.
  const json = Buffer.from(text.slice(start - 1, end + 1), 'latin1').toString('utf8');
  return JSON.parse(json) as string;
}
