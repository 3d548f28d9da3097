// answer() counts the result's bytes without stringifying it whole: the count must be the
// size of JSON.stringify of the result it returns, whatever the text holds, and the cap must
// hold at that size exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, resultBytes } from '../../src/mcp/tool-result.ts';

const awkward = fc.string({
  unit: fc.constantFrom('a', '"', '\\', '\n', '\u0000', 'é', '€', '😀', '\ud800'),
});

describe('answer', () => {
  it('counts exactly the bytes of the result it returns, and caps at them', () => {
    fc.assert(
      fc.property(
        awkward,
        fc.dictionary(awkward, fc.oneof(fc.jsonValue(), awkward)),
        (summary, structured) => {
          const bytes = resultBytes(summary, structured);
          const result = answer(summary, structured, bytes);
          expect(Buffer.byteLength(JSON.stringify(result), 'utf8')).toBe(bytes);
          expect(() => answer(summary, structured, bytes - 1)).toThrow(/over the cap/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
