// The body's text takes a latin1 copy for ASCII bodies: it must be exactly what Node's UTF-8
// decoder gives for every body, ASCII or not, valid UTF-8 or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text } from '../../src/api/transport/decode.ts';

describe('decoded body text', () => {
  it("is Buffer.toString('utf8') for any bytes", () => {
    const ascii = fc.uint8Array({ max: 0x7f, maxLength: 200 });
    const any = fc.uint8Array({ maxLength: 200 });
    const utf8 = fc.string({ unit: 'binary', maxLength: 80 }).map((s) => Buffer.from(s, 'utf8'));
    fc.assert(
      fc.property(fc.oneof(ascii, any, utf8), (bytes) => {
        const body = Buffer.from(bytes);
        expect(text(body)).toBe(body.toString('utf8'));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps non-ASCII text and replaces bytes that are not UTF-8, as the decoder does', () => {
    expect(text(Buffer.from('{"provider":"Café 😀"}'))).toBe('{"provider":"Café 😀"}');
    expect(text(Buffer.from([0x61, 0xe9, 0x62]))).toBe('a\ufffdb');
    expect(text(Buffer.from([0x80]))).toBe('\ufffd');
    expect(text(Buffer.alloc(0))).toBe('');
  });
});
