import { describe, expect, it } from 'vitest';
import { diffDay, emptyCounts, sameRows } from '../../src/sync/day-diff.ts';
import { filtersKey, rowFilter } from '../../src/sync/filters.ts';
import { firstFields, flatCodec } from '../../src/sync/flat/codec.ts';
import { syncFormat } from '../../src/sync/format.ts';
import { fetchStart, lostDays, replaceFrom } from '../../src/sync/window.ts';

describe('the re-fetch window', () => {
  it('starts at --from (or the whole window) on a first run, else the newest day minus the overlap', () => {
    expect(fetchStart(undefined, 3, undefined)).toBeUndefined();
    expect(fetchStart(undefined, 3, '2026-01-01')).toBe('2026-01-01');
    expect(fetchStart('2026-03-02', 3, '2026-01-01')).toBe('2026-02-27');
    expect(fetchStart('2026-03-02', 0, undefined)).toBe('2026-03-02');
  });

  it('never replaces days before the history floor', () => {
    expect(replaceFrom('2026-02-27', '2026-01-01')).toBe('2026-02-27');
    expect(replaceFrom('2025-12-01', '2026-01-01')).toBe('2026-01-01');
    expect(replaceFrom(undefined, '2026-01-01')).toBe('2026-01-01');
    expect(replaceFrom('2025-12-01', null)).toBe('2025-12-01');
    expect(replaceFrom(undefined, null)).toBeUndefined();
  });

  it('names the days lost when syncs were further apart than the window', () => {
    expect(lostDays('2026-01-10', '2026-01-05')).toBeUndefined();
    expect(lostDays('2026-01-04', '2026-01-05')).toBeUndefined();
    expect(lostDays('2026-01-03', '2026-01-05')).toBe('2026-01-04');
    expect(lostDays('2026-01-01', '2026-01-05')).toBe('2026-01-02 to 2026-01-04');
    expect(lostDays(undefined, '2026-01-05')).toBeUndefined();
    expect(lostDays('2026-01-01', null)).toBeUndefined();
  });
});

describe('diffDay', () => {
  it('counts identical-looking rows as many times as they appear', () => {
    const counts = emptyCounts();
    diffDay(['a', 'a', 'b', 'c'], ['a', 'b', 'b', 'd'], counts);
    expect(counts).toEqual({ added: 2, removed: 2, unchanged: 2 });
    diffDay([], ['x'], counts);
    expect(counts).toEqual({ added: 3, removed: 2, unchanged: 2 });
  });

  it('sameRows compares order too', () => {
    expect(sameRows(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameRows(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameRows(['a'], ['a', 'a'])).toBe(false);
  });
});

describe('filters', () => {
  it('match metrics exactly and providers case-insensitively', () => {
    const f = rowFilter({ metrics: ['steps'], providers: ['phonehealth'] });
    expect(f('steps', 'PhoneHealth')).toBe(true);
    expect(f('Steps', 'PhoneHealth')).toBe(false);
    expect(f('steps', 'WristBand')).toBe(false);
    expect(rowFilter({})('anything', 'Any')).toBe(true);
  });

  it('have one canonical key per set', () => {
    expect(filtersKey({ metrics: ['b', 'a', 'b'], providers: ['X', 'x'] })).toBe(
      '{"metric":["a","b"],"provider":["x"]}',
    );
    expect(filtersKey({})).toBe('{"metric":null,"provider":null}');
  });
});

describe('target formats', () => {
  it('come from the extension, or --format', () => {
    expect(syncFormat('a.CSV', undefined)).toBe('csv');
    expect(syncFormat('a.tsv', undefined)).toBe('tsv');
    expect(syncFormat('a.jsonl', undefined)).toBe('ndjson');
    expect(syncFormat('a.ndjson', undefined)).toBe('ndjson');
    for (const name of ['a.db', 'a.sqlite', 'a.sqlite3'])
      expect(syncFormat(name, undefined)).toBe('sqlite');
    expect(syncFormat('a.txt', 'jsonl')).toBe('ndjson');
    expect(() => syncFormat('a.txt', undefined)).toThrow(/cannot tell the format of a.txt/);
  });
});

describe('flat records', () => {
  it('read back the key of what they write, quotes and all', async () => {
    const row = {
      date: '2026-01-02',
      provider: 'Odd, "Provider"',
      metric: 'workout_type',
      numValue: null,
      textValue: 'Café "HIIT", 5×3\nline two',
      unit: null,
      stream: false,
    };
    for (const format of ['csv', 'tsv', 'ndjson'] as const) {
      const codec = await flatCodec(format);
      expect(codec.key(await codec.encode([row]))).toEqual({
        date: '2026-01-02',
        provider: 'Odd, "Provider"',
        metric: 'workout_type',
      });
    }
    expect(firstFields('a,"b ""c""",d,e\n', ',', 3)).toEqual(['a', 'b "c"', 'd']);
  });

  it('reject a record without a date', async () => {
    const csv = await flatCodec('csv');
    const ndjson = await flatCodec('ndjson');
    expect(() => csv.key('x,y,z\n')).toThrow(/a record sync cannot read/);
    expect(() => ndjson.key('{"date":1}\n')).toThrow(/a record sync cannot read/);
  });
});
