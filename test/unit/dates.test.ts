import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/lib/errors.ts';
import {
  addDays,
  daysBetween,
  isValidDate,
  latestDateAnywhere,
  parseDateArg,
  subtractMonths,
} from '../../src/lib/dates.ts';
import { fixedClock } from '../helpers/cli.ts';

const now = fixedClock('2026-11-22').now();

describe('parseDateArg', () => {
  it('accepts ISO dates as given', () => {
    expect(parseDateArg('--from', '2024-02-29', now)).toBe('2024-02-29');
  });

  it('resolves today, yesterday and Nd in the local calendar', () => {
    expect(parseDateArg('--from', 'today', now)).toBe('2026-11-22');
    expect(parseDateArg('--from', 'yesterday', now)).toBe('2026-11-21');
    expect(parseDateArg('--from', '30d', now)).toBe('2026-10-23');
    expect(parseDateArg('--from', '0d', now)).toBe('2026-11-22');
    expect(parseDateArg('--from', '365d', now)).toBe('2025-11-22');
  });

  it('resolves Nw as 7N days, Nm and Ny as calendar months and years', () => {
    expect(parseDateArg('--from', '1w', now)).toBe('2026-11-15');
    expect(parseDateArg('--from', '2W', now)).toBe('2026-11-08');
    expect(parseDateArg('--from', '3m', now)).toBe('2026-08-22');
    expect(parseDateArg('--from', '11m', now)).toBe('2025-12-22');
    expect(parseDateArg('--from', '12m', now)).toBe('2025-11-22');
    expect(parseDateArg('--from', '1y', now)).toBe('2025-11-22');
    expect(parseDateArg('--from', '0m', now)).toBe('2026-11-22');
    expect(parseDateArg('--from', '3m', fixedClock('2026-11-28').now())).toBe('2026-08-28');
  });

  it('takes the last day of a shorter month, never spilling into the next', () => {
    expect(subtractMonths('2026-05-31', 3)).toBe('2026-02-28');
    expect(subtractMonths('2024-05-31', 3)).toBe('2024-02-29');
    expect(subtractMonths('2026-03-31', 1)).toBe('2026-02-28');
    expect(subtractMonths('2024-02-29', 12)).toBe('2023-02-28');
    expect(subtractMonths('2026-01-15', 1)).toBe('2025-12-15');
    expect(subtractMonths('2026-12-31', 2)).toBe('2026-10-31');
  });

  it('refuses a huge Nw, Nm or Ny as before 1900, like 999999d', () => {
    for (const text of ['999999w', '999999m', '999999y', '127y']) {
      expect(() => parseDateArg('--from', text, now)).toThrow(
        `--from '${text}' is before 1900-01-01`,
      );
    }
  });

  it('rejects other units in one line naming every accepted form', () => {
    for (const text of ['3h', '1q', 'm', '-3m', '3 m', '1.5y']) {
      expect(() => parseDateArg('--from', text, now)).toThrow(
        `--from '${text}' is not a date — use YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny (N days, weeks, months or years ago, e.g. 30d, 1w, 3m, 1y)`,
      );
    }
  });

  it('rejects dates that are not on the calendar, naming the option and the forms', () => {
    expect(() => parseDateArg('--from', '2023-02-29', now)).toThrow(UsageError);
    expect(() => parseDateArg('--to', '2024-13-01', now)).toThrow(
      /--to '2024-13-01' is not a real calendar date — use YYYY-MM-DD/,
    );
    expect(() => parseDateArg('--from', 'last week', now)).toThrow(/is not a date/);
    expect(() => parseDateArg('--from', '2024-1-1', now)).toThrow(/is not a date/);
  });
});

describe('date arithmetic', () => {
  it('crosses months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-11-23', '2026-11-22')).toBe(364);
  });

  it('validates real dates', () => {
    expect(isValidDate('2026-11-22')).toBe(true);
    expect(isValidDate('2026-11-31')).toBe(false);
    expect(isValidDate('26-11-22')).toBe(false);
  });
});

describe('date arguments are bounded', () => {
  it('refuses a date before 1900 in one line naming the fix, 999999d included', () => {
    for (const text of ['999999d', '1899-12-31', '0500-01-01']) {
      expect(() => parseDateArg('--from', text, now)).toThrow(
        `--from '${text}' is before 1900-01-01 — use a date from 1900 to 9999, e.g. --from 30d or --from 2024-01-01`,
      );
    }
    expect(parseDateArg('--to', '1900-01-01', now)).toBe('1900-01-01');
    expect(parseDateArg('--to', '9999-12-31', now)).toBe('9999-12-31');
  });

  it('knows the calendar without Date (year 1 to 9999, leap years)', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2100-02-29')).toBe(false);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('9999-99-99')).toBe(false);
    expect(isValidDate('0000-01-01')).toBe(false);
  });

  it('the latest date anywhere is the date in UTC+14', () => {
    expect(latestDateAnywhere(Date.parse('2026-11-20T09:59:59Z'))).toBe('2026-11-20');
    expect(latestDateAnywhere(Date.parse('2026-11-20T10:00:00Z'))).toBe('2026-11-21');
  });
});
