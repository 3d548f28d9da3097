import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInexact,
  mayHaveInexactNumbers,
  parseExact,
  RawNumber,
  restoreRawNumbers,
  spelling,
} from '../../src/api/exact-numbers.ts';

describe('exact numbers', () => {
  it('finds the numbers JSON.parse would change, and only those', () => {
    for (const t of [
      '1e400',
      '-1e400',
      '12345678901234567890',
      '1e-400',
      '0.10000000000000000001',
    ]) {
      expect(isInexact(t)).toBe(true);
    }
    for (const t of ['0', '-0', '1.5', '1.50', '9007199254740991', '1e300', '0.1', '120', '1E2']) {
      expect(isInexact(t)).toBe(false);
    }
  });

  it('spells every finite double as String() does', () => {
    for (const v of [
      0,
      -0,
      1.5,
      -1e-7,
      1e21,
      123e-20,
      2 ** 53 + 2,
      Number.MIN_VALUE,
      -Number.MAX_VALUE,
    ]) {
      expect(spelling(v)).toBe(String(v));
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
        expect(spelling(v)).toBe(String(v));
      }),
      { numRuns: 5000 },
    );
  });

  it('the cheap test passes ordinary pages and catches suspects', () => {
    expect(mayHaveInexactNumbers('{"numValue":7084,"date":"2026-11-23"}')).toBe(false);
    expect(mayHaveInexactNumbers('{"numValue":1e400}')).toBe(true);
    expect(mayHaveInexactNumbers('{"numValue":12345678901234567890}')).toBe(true);
  });

  it('keeps such numbers as RawNumber, leaves strings and other numbers alone', () => {
    const body = parseExact(
      '{"data":[{"numValue":1e400,"textValue":"12345678901234567890"},{"numValue":12345678901234567890},{"numValue":2.5}]}',
    ) as { data: { numValue: unknown; textValue?: unknown }[] };
    expect(body.data[0]?.numValue).toEqual(new RawNumber('1e400'));
    expect(body.data[0]?.textValue).toBe('12345678901234567890');
    expect(String(body.data[1]?.numValue)).toBe('12345678901234567890');
    expect(body.data[2]?.numValue).toBe(2.5);
  });

  it('JSON output gets the bare number back', () => {
    const row = { numValue: new RawNumber('1e400'), textValue: 'a' };
    expect(restoreRawNumbers(JSON.stringify(row))).toBe('{"numValue":1e400,"textValue":"a"}');
    expect(restoreRawNumbers('{"numValue":1}')).toBe('{"numValue":1}');
  });
});
