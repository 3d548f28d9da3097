// The MCP tools' last guard (src/mcp/finite-items.ts): an item holding NaN or ±Infinity
// anywhere would fail the whole call's output schema; it goes alone, with a note. The
// statistics never make one (test/mcp/huge-numbers.test.ts); no server can, so a unit test.
import { describe, expect, it } from 'vitest';
import { finiteItems, holdsNonFinite } from '../../src/mcp/finite-items.ts';

describe('finiteItems', () => {
  it('finds a non-finite number at any depth', () => {
    expect(holdsNonFinite({ a: 1, b: [2, { c: 3 }], d: null, e: 'x' })).toBe(false);
    expect(holdsNonFinite({ a: 1, b: [2, { c: NaN }] })).toBe(true);
    expect(holdsNonFinite({ daily: { value: [1, -Infinity] } })).toBe(true);
    expect(holdsNonFinite(Infinity)).toBe(true);
  });

  it('leaves out only the items that hold one, and says how many', () => {
    const notes: string[] = [];
    const items = [
      { metric: 'steps', mean: 8000 },
      { metric: 'bad', mean: Infinity },
      { metric: 'hrv', mean: 50, z: [1, NaN] },
      { metric: 'sleep', mean: 7.5 },
    ];
    expect(finiteItems(items, notes).map((i) => i.metric)).toEqual(['steps', 'sleep']);
    expect(notes).toEqual([
      '2 item(s) were left out: a number in them could not be computed as a finite double. The others are complete.',
    ]);
    const none: string[] = [];
    expect(finiteItems([{ a: 1 }], none)).toEqual([{ a: 1 }]);
    expect(none).toEqual([]);
  });
});
