// --quiet-hours 22-07: local hours in which alerts are held back, not sent (a span may cross
// midnight). Read off the injected clock, in the machine's time zone, as cron reads it.
import { UsageError } from './errors.ts';

export interface QuietHours {
  /** Minutes after midnight. */
  start: number;
  end: number;
  text: string;
}

const SHAPE = /^(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?$/;

export function parseQuietHours(text: string): QuietHours {
  const m = SHAPE.exec(text.trim());
  const minutes = (h: string | undefined, mm: string | undefined): number | undefined => {
    const hour = Number(h);
    const minute = mm === undefined ? 0 : Number(mm);
    return hour <= 24 && minute < 60 && hour * 60 + minute <= 1440
      ? (hour * 60 + minute) % 1440
      : undefined;
  };
  const start = m ? minutes(m[1], m[2]) : undefined;
  const end = m ? minutes(m[3], m[4]) : undefined;
  if (start === undefined || end === undefined || start === end) {
    throw new UsageError(
      `--quiet-hours '${text}' is not a span of hours — give START-END in local hours, e.g. 22-07 or 22:30-06:45`,
      'bad_option',
    );
  }
  return { start, end, text: text.trim() };
}

function minuteOfDay(nowMs: number): number {
  const d = new Date(nowMs);
  return d.getHours() * 60 + d.getMinutes();
}

export function isQuiet(hours: QuietHours, nowMs: number): boolean {
  const m = minuteOfDay(nowMs);
  return hours.start < hours.end
    ? m >= hours.start && m < hours.end
    : m >= hours.start || m < hours.end;
}

/** "07:00": when the quiet hours end. */
export function quietEnd(hours: QuietHours): string {
  const h = Math.floor(hours.end / 60);
  return `${String(h).padStart(2, '0')}:${String(hours.end % 60).padStart(2, '0')}`;
}
