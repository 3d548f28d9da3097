import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteNames } from '../../src/api/rows/name-table.ts';

describe('ByteNames', () => {
  it('gives the text of any byte range, and makes each distinct name once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { maxLength: 40 }),
        (names) => {
          const table = new ByteNames();
          // All names in one buffer, as a page holds them, each between two quotes.
          const bytes = Buffer.from(names.map((n) => `"${n}"`).join(''));
          let at = 0;
          const seen = new Set<string>();
          for (const name of names) {
            const start = at + 1;
            const end = start + Buffer.byteLength(name);
            expect(table.name(bytes, start, end)).toBe(name);
            seen.add(name);
            // Each distinct name is made once, however often it comes back.
            expect(table.size).toBe(seen.size);
            at = end + 1;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('starts over rather than growing without end', () => {
    const table = new ByteNames();
    for (let i = 0; i < 25_000; i++) {
      const bytes = Buffer.from(`name-${i}`);
      expect(table.name(bytes, 0, bytes.length)).toBe(`name-${i}`);
    }
    expect(table.size).toBeLessThanOrEqual(10_000);
    const again = Buffer.from('name-3');
    expect(table.name(again, 0, again.length)).toBe('name-3');
  });

  it('gives the right text for names made to share a hash, and keeps at most 8 of them', () => {
    // "Aa" and "BB" add the same to a 31-multiplier hash: 64 names of six such pairs collide.
    const names = Array.from({ length: 64 }, (_, i) =>
      Array.from({ length: 6 }, (_, bit) => ((i >> bit) & 1 ? 'Aa' : 'BB')).join(''),
    );
    const table = new ByteNames();
    for (const round of [1, 2]) {
      for (const name of names) {
        const bytes = Buffer.from(`"${name}"`);
        expect(table.name(bytes, 1, bytes.length - 1), `round ${round}`).toBe(name);
      }
    }
    expect(table.size).toBe(8);
  });
});
