// Calendar dates as 'YYYY-MM-DD' strings. Arithmetic is done in UTC on the date alone, so a
// daylight-saving change can never shift a day; "today" comes from the local calendar.
import { UsageError } from './errors.ts';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The earliest date a date argument may name: older ones are typos (999999d), not history. */
export const EARLIEST_ARG_DATE = '1900-01-01';

export function localDate(nowMs: number): string {
  const d = new Date(nowMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The latest date on any clock in the world at `nowMs`: the date in UTC+14 (Kiribati), at
 * most tomorrow wherever the user is. A row dated after it comes from no calendar yet.
 */
export function latestDateAnywhere(nowMs: number): string {
  return new Date(nowMs + 14 * 3_600_000).toISOString().slice(0, 10);
}

export function isValidDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Year 1..9999, month 1..12, and a day that month has (Gregorian leap years). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day <= (DAYS_IN_MONTH[month - 1] as number)) return true;
  return month === 2 && day === 29 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The forms a date argument takes, in words, for help texts and usage errors. */
export const DATE_FORMS =
  'YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny (N days, weeks, months or years ago, e.g. 30d, 1w, 3m, 1y)';

/**
 * Today minus `months` calendar months: 3 months before 2026-11-28 is 2026-08-28, as a person
 * counts them, not 90 days. A day the target month lacks is its last day (3 months before
 * 2026-05-31 is 2026-02-28), never a day spilling into the next month.
 */
export function subtractMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  let d = day;
  while (d > 28 && !isCalendarDate(Math.max(1, y), m, d)) d -= 1;
  // A year before 1 is out of range anyway: the caller's 1900 floor refuses it.
  const yearText = y < 0 ? `-${String(-y).padStart(6, '0')}` : String(y).padStart(4, '0');
  return `${yearText}-${pad(m)}-${pad(d)}`;
}

/**
 * Parses `YYYY-MM-DD`, `today`, `yesterday` or `<N>d|w|m|y` (N days, weeks, calendar months or
 * years ago) into a date from 1900 on: `999999d` would otherwise reach the API as
 * `from=-000712-12`.
 */
export function parseDateArg(option: string, text: string, nowMs: number): string {
  const date = resolveDateArg(option, text, nowMs);
  if (date < EARLIEST_ARG_DATE) {
    throw new UsageError(
      `${option} '${text}' is before ${EARLIEST_ARG_DATE} — use a date from 1900 to 9999, e.g. ${option} 30d or ${option} 2024-01-01`,
      'bad_date',
    );
  }
  return date;
}

/**
 * A range whose first day is after its last is a usage error, worded with the names the caller
 * gave the two dates (`--from`/`--to` on the command line, `from`/`to` in MCP).
 */
export function checkDateOrder(
  from: string | null | undefined,
  to: string | null | undefined,
  names: readonly [string, string] = ['--from', '--to'],
): void {
  if (from !== null && from !== undefined && to !== null && to !== undefined && from > to) {
    throw new UsageError(
      `${names[0]} ${from} is after ${names[1]} ${to} — swap them, or widen the range`,
      'bad_range',
    );
  }
}

function resolveDateArg(option: string, text: string, nowMs: number): string {
  const value = text.trim().toLowerCase();
  const today = localDate(nowMs);
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  const ago = /^(\d{1,6})([dwmy])$/.exec(value);
  // 999999d is year -712: '-000712-12', which sorts before 1900 as the caller checks.
  if (ago) {
    const n = Number(ago[1]);
    const unit = ago[2];
    if (unit === 'd') return addDays(today, -n);
    if (unit === 'w') return addDays(today, -7 * n);
    return subtractMonths(today, unit === 'm' ? n : 12 * n);
  }
  if (isValidDate(value)) return value;
  const hint = ISO_DATE.test(value) ? ' is not a real calendar date' : ' is not a date';
  throw new UsageError(`${option} '${text}'${hint} — use ${DATE_FORMS}`, 'bad_date');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
