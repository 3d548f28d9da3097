import { describe, expect, it } from 'vitest';
import { peekNextCursor } from '../../src/api/pagination/cursor-hint.ts';

describe('peekNextCursor', () => {
  it('reads a string cursor, with escapes, from the raw body', () => {
    const body = JSON.stringify({ data: [{ a: 1 }], next_cursor: 'ab"c\\d/é+=', meta: {} });
    expect(peekNextCursor(body)).toBe('ab"c\\d/é+=');
    expect(peekNextCursor('{"data":[],"next_cursor" : \n "x.y"}')).toBe('x.y');
  });

  it('reads null as the last page', () => {
    expect(peekNextCursor('{"data":[],"next_cursor":null,"meta":{}}')).toBeNull();
  });

  it('gives up (undefined) when the text does not say plainly', () => {
    expect(peekNextCursor('{"data":[]}')).toBeUndefined();
    expect(peekNextCursor('{"next_cursor":5}')).toBeUndefined();
    expect(peekNextCursor('{"next_cursor":"unterminated')).toBeUndefined();
    expect(peekNextCursor('{"next_cursor":""}')).toBeUndefined();
    // A row with its own next_cursor key makes the key ambiguous.
    expect(peekNextCursor('{"data":[{"next_cursor":"a"}],"next_cursor":"b"}')).toBeUndefined();
  });

  it('is not fooled by the words inside a string value', () => {
    const body = JSON.stringify({
      data: [{ textValue: '"next_cursor":"evil"' }],
      next_cursor: 'real',
    });
    expect(peekNextCursor(body)).toBe('real');
  });
});
