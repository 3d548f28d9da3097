import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { visible, visibleJson, visibleKeepingLayout } from '../../src/lib/visible.ts';
import { visible as symbols } from '../../src/output/terminal/visible.ts';
import { CATALOGUE, forbiddenIn, HOSTILE } from '../helpers/hostile-text.ts';

describe('visible', () => {
  it('shows escape sequences and control characters as visible escapes', () => {
    expect(visible('\u001b[31mred\u001b[0m')).toBe('\\e[31mred\\e[0m');
    expect(visible('a\u0007b\u009bc\u202ed')).toBe('a\\u0007b\\u009bc\\u202ed');
    expect(visible('line\r\nnext\ttab')).toBe('line\\r\\nnext\\ttab');
  });

  it('shows bidi, zero-width and tag characters as escapes, in every rendering', () => {
    expect(visible('a\u200bb\u200ec\u{e0068}d\ufeff')).toBe('a\\u200bb\\u200ec\\u{e0068}d\\ufeff');
    expect(symbols('a\u200db\u2066c\u{e0001}')).toBe('a\\u200db\\u2066c\\u{e0001}');
    for (const show of [visible, symbols, visibleKeepingLayout]) {
      expect(forbiddenIn(show(HOSTILE))).toEqual([]);
    }
    // Each catalogue entry on its own too: nothing hides behind a neighbour.
    for (const entry of Object.values(CATALOGUE).flat()) {
      expect(forbiddenIn(symbols(`x${entry}y`)), JSON.stringify(entry)).toEqual([]);
    }
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(visible('Zürich — 5 km 😀')).toBe('Zürich — 5 km 😀');
  });

  it('visibleKeepingLayout keeps line breaks and tabs (csv and tsv on a terminal)', () => {
    expect(visibleKeepingLayout('a\tb\u001b]0;x\u0007\r\nc\n')).toBe('a\tb\\e]0;x\\u0007\\r\nc\n');
  });

  it('visibleJson escapes what JSON.stringify leaves raw, and the JSON stays the same', () => {
    const value = { t: 'del\u007f c1\u009b2J bidi\u202eevil sep\u2028 ok é😀', n: 1 };
    const tagged = JSON.stringify({ t: HOSTILE }, null, 2);
    expect(forbiddenIn(visibleJson(tagged))).toEqual([]);
    expect(JSON.parse(visibleJson(tagged))).toEqual({ t: HOSTILE });
    expect(visibleJson('"\u{e0068}"')).toBe('"\\udb40\\udc68"');
    const shown = visibleJson(JSON.stringify(value));
    expect(shown).toBe('{"t":"del\\u007f c1\\u009b2J bidi\\u202eevil sep\\u2028 ok é😀","n":1}');
    expect(JSON.parse(shown)).toEqual(value);
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (json, text) => {
        for (const doc of [JSON.stringify(json), JSON.stringify({ text }, null, 2)]) {
          const out = visibleJson(doc);
          expect(JSON.parse(out)).toEqual(JSON.parse(doc));
          expect(out).not.toMatch(/[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f]/);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
