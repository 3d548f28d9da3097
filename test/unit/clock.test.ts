import { describe, expect, it } from 'vitest';
import { clockFor, pinnedToday, systemClock, type Clock } from '../../src/lib/clock.ts';
import { localDate } from '../../src/lib/dates.ts';
import { runCli } from '../helpers/cli.ts';

/** A clock at a settable instant, in local time. */
function manual(start: Date): Clock & { at: number } {
  const clock = {
    at: start.getTime(),
    now: () => clock.at,
    sleep: () => Promise.resolve(),
  };
  return clock;
}

describe('HEALTHDATA_TODAY', () => {
  it('moves the local date and keeps the time of day, durations and the real time', () => {
    const base = manual(new Date(2027, 2, 14, 23, 59, 30, 250));
    const pinned = pinnedToday(base, '2026-11-22');
    const moved = new Date(pinned.now());
    expect(localDate(moved.getTime())).toBe('2026-11-22');
    expect([moved.getHours(), moved.getMinutes(), moved.getSeconds()]).toEqual([23, 59, 30]);
    expect(pinned.wallNow?.()).toBe(base.at);
    const before = pinned.now();
    base.at += 40_000; // past midnight: the real date turns, and so does the pinned one
    expect(pinned.now() - before).toBe(40_000);
    expect(localDate(pinned.now())).toBe('2026-11-23');
  });

  it('lands on the date across a daylight-saving change, at every hour of the day', () => {
    // Whatever the machine's zone: 2026-03-29 and 2026-10-25 are change days in Europe, 03-08
    // and 11-01 in the US. Moving by whole days of milliseconds would miss by one near midnight.
    for (const to of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      for (let hour = 0; hour < 24; hour++) {
        const base = manual(new Date(2026, 6, 1, hour, 30));
        expect(localDate(pinnedToday(base, to).now())).toBe(to);
      }
    }
  });

  it('is off when unset or empty, and a bad value is a usage error that names the fix', () => {
    expect(clockFor(systemClock, undefined)).toBe(systemClock);
    expect(clockFor(systemClock, '')).toBe(systemClock);
    for (const bad of ['2026-02-30', 'yesterday', '22/11/2026', '0099-01-01']) {
      expect(() => clockFor(systemClock, bad)).toThrow(
        `HEALTHDATA_TODAY '${bad}' is not a date — set it to YYYY-MM-DD`,
      );
    }
  });

  it('a run with a bad HEALTHDATA_TODAY exits 2 before any request, in one line', async () => {
    const result = await runCli(['metrics', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k'], {
      env: { HEALTHDATA_TODAY: '2026-13-01' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "healthdata: error: HEALTHDATA_TODAY '2026-13-01' is not a date — set it to YYYY-MM-DD (e.g. 2026-11-22), or unset it to use the real date\n",
    );
  });
});
