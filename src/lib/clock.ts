// Time is injected so that retry waits and "today" can be tested without patching globals.
import { EARLIEST_ARG_DATE, isValidDate } from './dates.ts';
import { UsageError } from './errors.ts';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * The real time, where now() is moved to another day (pinnedToday): for comparing with a
   * time the server sends (a Retry-After date), which is on the real calendar. Absent: now().
   */
  wallNow?(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * `base` with its local date moved to `date` (HEALTHDATA_TODAY): relative dates (30d, today),
 * windows and "today" count from that day, while the time of day, durations and sleeps stay
 * real, and the moved date turns at the real midnight. The moved instant is rebuilt from the
 * local calendar at each call (whole days added to the real date, then the real time of day),
 * so a daylight-saving change between the two dates cannot move it to a neighbouring date.
 */
export function pinnedToday(base: Clock, date: string): Clock {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(base.now());
  const days = Math.round(
    (Date.UTC(y, m - 1, d) - Date.UTC(start.getFullYear(), start.getMonth(), start.getDate())) /
      86_400_000,
  );
  const wallNow = (): number => base.wallNow?.() ?? base.now();
  return {
    now: () => {
      const real = new Date(base.now());
      return new Date(
        real.getFullYear(),
        real.getMonth(),
        real.getDate() + days,
        real.getHours(),
        real.getMinutes(),
        real.getSeconds(),
        real.getMilliseconds(),
      ).getTime();
    },
    sleep: (ms, signal) => base.sleep(ms, signal),
    wallNow,
  };
}

/** The clock a run uses: `base`, or moved to HEALTHDATA_TODAY when that is set. */
export function clockFor(base: Clock, today: string | undefined): Clock {
  if (today === undefined || today === '') return base;
  // Years before 1900 are typos, as for a date argument (and Date reads 0-99 as 1900-1999).
  if (!isValidDate(today) || today < EARLIEST_ARG_DATE) {
    throw new UsageError(
      `HEALTHDATA_TODAY '${today}' is not a date — set it to YYYY-MM-DD (e.g. 2026-11-22), or unset it to use the real date`,
      'bad_date',
    );
  }
  return pinnedToday(base, today);
}
