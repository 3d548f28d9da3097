import { describe, expect, it } from 'vitest';
import { RawNumber } from '../../src/api/exact-numbers.ts';
import { checkRows } from '../../src/api/row-check.ts';

const good = {
  date: '2026-11-20',
  provider: 'X',
  metric: 'steps',
  numValue: 1,
  textValue: null,
  unit: 'count',
  stream: false,
};

describe('checkRows', () => {
  it('accepts rows of the spec, RawNumbers, and missing nullable fields', () => {
    expect(() => checkRows([good, { ...good, numValue: new RawNumber('1e400') }])).not.toThrow();
    const noUnit: Record<string, unknown> = { ...good };
    delete noUnit['unit'];
    expect(() => checkRows([noUnit])).not.toThrow();
  });

  it('names the row and the field that break the types', () => {
    expect(() => checkRows([good, { ...good, numValue: '12' }])).toThrow(
      'row 2 of the page has numValue "12" (a string), where the spec says a number or null',
    );
    expect(() => checkRows([{ ...good, date: '20/11/2026' }])).toThrow(
      /row 1 .* date .*YYYY-MM-DD/,
    );
    expect(() => checkRows([{ ...good, stream: 'no' }])).toThrow(/stream "no" \(a string\)/);
    expect(() => checkRows([{ ...good, provider: undefined }])).toThrow(/provider missing/);
    expect(() => checkRows([{ ...good, metric: { a: 1 } }])).toThrow(
      /metric \{"a":1\} \(an object\)/,
    );
    expect(() => checkRows([[1]])).toThrow('row 1 of the page is not an object');
  });
});
