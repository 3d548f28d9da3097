// The stdio line reader: lines within the limit come whole; a longer one is skipped as it
// streams, with its size and the request id found in it, and reading goes on after it.
import { describe, expect, it } from 'vitest';
import { TopLevelIdScanner } from '../../src/mcp/stdio/id-scan.ts';
import { LineSplitter } from '../../src/mcp/stdio/lines.ts';

function idOf(text: string, chunk = 7): string | number | null {
  const scanner = new TopLevelIdScanner();
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunk) scanner.feed(bytes.subarray(i, i + chunk));
  return scanner.id;
}

function split(maxBytes: number, chunks: string[]) {
  const seen: unknown[] = [];
  const lines = new LineSplitter(maxBytes, {
    line: (text) => seen.push(text),
    oversized: (bytes, id) => seen.push({ bytes, id }),
  });
  for (const c of chunks) lines.push(Buffer.from(c));
  return seen;
}

describe('TopLevelIdScanner', () => {
  it('finds the id first, last, as a string, after nested "id" keys and tricky strings', () => {
    expect(idOf('{"jsonrpc":"2.0","id":5,"method":"x"}')).toBe(5);
    const big = 'x'.repeat(1000);
    expect(
      idOf(`{"method":"tools/call","params":{"id":99,"a":"${big}"},"jsonrpc":"2.0","id":3}`),
    ).toBe(3);
    expect(idOf('{ "id" : "req-7" , "method":"x"}')).toBe('req-7');
    expect(idOf('{"params":{"s":"\\"id\\":4,"},"id":[1],"x":"}"}')).toBeNull();
    expect(idOf('{"params":"{\\"id\\":4}","id":-12.5}')).toBe(-12.5);
    expect(idOf('{"idx":1,"params":[{"id":2}],"id":8}')).toBe(8);
  });

  it('gives null for a batch, a bare value or no id', () => {
    expect(idOf('[{"id":1}]')).toBeNull();
    expect(idOf('"id"')).toBeNull();
    expect(idOf('{"method":"notifications/x"}')).toBeNull();
  });
});

describe('LineSplitter', () => {
  it('gives lines across chunks, drops a \\r before the newline and skips blank lines', () => {
    expect(split(100, ['{"a"', ':1}\r\n\n  \n{"b":2}\n{"c"'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips a line past the limit, reports its size and id, and reads on', () => {
    const long = `{"params":{"s":"${'y'.repeat(500)}"},"id":42}`;
    const seen = split(64, ['{"id":1}\n', long.slice(0, 30), long.slice(30), '\n{"id":2}\n']);
    expect(seen).toEqual(['{"id":1}', { bytes: long.length, id: 42 }, '{"id":2}']);
  });
});
