// The one rule for text a target cannot hold (src/sync/stored-text.ts): lone surrogates, and
// for SQLite NUL, become U+FFFD; surrogate pairs and every other character stay; a row that
// needs no change is the same object, so the common case allocates nothing.
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { sqliteText, storedRow, utf8Text } from '../../src/sync/stored-text.ts';

const row = (over: Partial<MetricRow>): MetricRow => ({
  date: '2026-11-20',
  provider: 'Phone',
  metric: 'note',
  numValue: null,
  textValue: null,
  unit: null,
  stream: false,
  ...over,
});

describe('text as a target stores it', () => {
  it('replaces lone surrogates only; pairs stay, as UTF-8 encoding would write them', () => {
    const cases: [string, string][] = [
      ['\ud800', '\ufffd'],
      ['x\udc00y', 'x\ufffdy'],
      ['\udc00\ud800', '\ufffd\ufffd'],
      ['\ud83d\ude00', '😀'],
      ['\ud83d\ude00\ud83d', '😀\ufffd'],
      ['a\u0000b\u2028\ufeff', 'a\u0000b\u2028\ufeff'],
    ];
    for (const [sent, stored] of cases) {
      expect(utf8Text(sent)).toBe(stored);
      // The same as a UTF-8 round trip.
      expect(Buffer.from(sent, 'utf8').toString('utf8')).toBe(stored);
    }
  });

  it('in SQLite, NUL too', () => {
    expect(sqliteText('a\u0000b\ud800')).toBe('a\ufffdb\ufffd');
    expect(sqliteText('\u0000\u0000')).toBe('\ufffd\ufffd');
    expect(sqliteText('plain é 😀')).toBe('plain é 😀');
  });

  it('maps every text field of a row, and returns the row itself when nothing changes', () => {
    const plain = row({ textValue: 'fine', unit: 'kg' });
    expect(storedRow(plain, sqliteText)).toBe(plain);
    const odd = row({
      provider: 'P\ud800',
      metric: 'm\u0000',
      textValue: 'a\u0000',
      unit: '\udfff',
    });
    expect(storedRow(odd, sqliteText)).toEqual({
      ...odd,
      provider: 'P\ufffd',
      metric: 'm\ufffd',
      textValue: 'a\ufffd',
      unit: '\ufffd',
    });
    expect(storedRow(odd, utf8Text)).toEqual({ ...odd, provider: 'P\ufffd', unit: '\ufffd' });
    expect(odd.textValue).toBe('a\u0000'); // the row sent is not changed
  });
});
