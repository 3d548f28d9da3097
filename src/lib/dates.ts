// Calendar dates as 'YYYY-MM-DD' strings. Arithmetic is done in UTC on the date alone, so a
// daylight-saving change can never shift a day; "today" comes from the local calendar.
import { UsageError } from './errors.ts';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function localDate(nowMs: number): string {
  const d = new Date(nowMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function isValidDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Parses `YYYY-MM-DD`, `today`, `yesterday` or `<N>d` (N days ago) into a date. */
export function parseDateArg(option: string, text: string, nowMs: number): string {
  const value = text.trim().toLowerCase();
  const today = localDate(nowMs);
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  const ago = /^(\d{1,6})d$/.exec(value);
  if (ago) return addDays(today, -Number(ago[1]));
  if (isValidDate(value)) return value;
  const hint = ISO_DATE.test(value) ? ' is not a real calendar date' : ' is not a date';
  throw new UsageError(
    `${option} '${text}'${hint} — use YYYY-MM-DD, today, yesterday or Nd (N days ago, e.g. 30d)`,
    'bad_date',
  );
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
