// boundJson: any JSON cut to a byte budget stays JSON of the same shape, its size counted
// exactly, within the budget; strings are clipped with the marker, never mid-character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundJson, utf8 } from '../../src/mcp/fit/bound-json.ts';
import { clip } from '../../src/mcp/fit/clip.ts';

describe('boundJson', () => {
  it('counts the bytes exactly and stays within any budget', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 2000 }), (value, budget) => {
        const got = boundJson(value, budget);
        if (got.value === undefined) return;
        const text = JSON.stringify(got.value);
        expect(utf8(text)).toBe(got.bytes);
        expect(got.bytes).toBeLessThanOrEqual(budget);
        // Uncut, it is the same JSON (-0 and 0 are both written 0).
        if (!got.cut) expect(text).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the first items that fit, and says it cut', () => {
    const list = Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `item ${i}` }));
    const got = boundJson(list, 500);
    const kept = got.value as { id: number }[];
    expect(got.cut).toBe(true);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.map((k) => k.id)).toEqual([...Array(kept.length).keys()]);
  });

  it('clips long strings with the marker, and keeps a "__proto__" key as a key', () => {
    const record = JSON.parse(`{"__proto__":"x","long":"${'é'.repeat(5000)}"}`) as object;
    const got = boundJson(record, 100_000).value as Record<string, string>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'long']);
    expect(got['long']).toBe(`${'é'.repeat(1000)}…[cut by healthdata: 4000 more characters]`);
  });

  it('leaves nesting past 12 levels out, with a marker', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(JSON.stringify(boundJson(deep, 10_000).value)).toContain('nested too deep');
  });
});

describe('clip', () => {
  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀😀`;
    expect(clip(text, 10)).toBe(`${'a'.repeat(9)}…[cut by healthdata: 4 more characters]`);
  });
});

describe('boundJson, after a long string', () => {
  it('goes on with the members and items that follow a string clipped at its limit', () => {
    const got = boundJson(
      { name: 'x'.repeat(5000), age: 3, list: ['y'.repeat(2000), 'z'] },
      10_000,
    );
    expect(got).toMatchObject({ cut: true, partial: false });
    expect(got.value).toMatchObject({ age: 3, list: [expect.stringMatching(/^y{1000}…/), 'z'] });
    const items = boundJson([{ note: 'n'.repeat(2000) }, { note: 'short' }], 10_000);
    expect((items.value as unknown[]).length).toBe(2);
  });
});
