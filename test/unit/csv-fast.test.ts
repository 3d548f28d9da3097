// The CSV fast path must be byte-identical to csv-stringify, the reference, for every row:
// checked over random rows and over the awkward values a server might send.
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { fastLine } from '../../src/output/formats/csv-fast.ts';
import { delimitedEncoder, stringifyOptions, toCells } from '../../src/output/formats/csv.ts';

const DELIMITERS = [',', '\t'] as const;

// Characters that matter to CSV or to string handling, mixed into random text.
const awkwardChar = fc.constantFrom(
  ',',
  '\t',
  '"',
  "'",
  '\n',
  '\r',
  ' ',
  '=',
  '+',
  '-',
  '@',
  '\\',
  '\u0000',
  'é',
  '×',
  '€',
  '\u2028',
  '\uFEFF',
  '\uFF1D',
  '😀',
  '\uD800',
  '\uDFFF',
  'a',
  '0',
  '.',
  'e',
);
const awkwardString = fc.oneof(
  fc.string({ unit: awkwardChar, maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '"', '""', '0', '-0', 'null', 'true', '1e400', 'NaN', '\r\n', ' a '),
);
const awkwardNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    -0,
    0,
    NaN,
    Infinity,
    -Infinity,
    5e-324,
    -5e-324,
    1e-7,
    1e21,
    Number('1e400'),
    123456789012345680000,
    Number.MAX_VALUE,
    Number.MIN_SAFE_INTEGER,
    0.1 + 0.2,
  ),
);
// What a server could put in any field, well-typed or not: objects and arrays must fall back.
const anyCell = fc.oneof(
  { weight: 4, arbitrary: awkwardString },
  { weight: 3, arbitrary: awkwardNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.oneof(fc.array(awkwardString, { maxLength: 2 }), fc.object()) },
);
const row = fc.record({
  date: anyCell,
  provider: anyCell,
  metric: anyCell,
  numValue: anyCell,
  textValue: anyCell,
  unit: anyCell,
  stream: anyCell,
}) as fc.Arbitrary<unknown> as fc.Arbitrary<MetricRow>;

describe('CSV fast path', () => {
  for (const delimiter of DELIMITERS) {
    const name = delimiter === ',' ? 'csv' : 'tsv';

    it(`${name}: a line is csv-stringify's line, or left to csv-stringify`, () => {
      fc.assert(
        fc.property(row, (r) => {
          const line = fastLine(r, delimiter);
          if (line !== undefined) {
            expect(line).toBe(stringify([toCells(r)], stringifyOptions(delimiter)));
          }
        }),
        { numRuns: 5_000 },
      );
    });

    it(`${name}: a page is csv-stringify's text for the page`, () => {
      fc.assert(
        fc.property(fc.array(row, { maxLength: 30 }), fc.boolean(), (rows, header) => {
          const encoder = delimitedEncoder({ delimiter, header });
          const text = (encoder.start?.(undefined) ?? '') + encoder.rows({ data: rows });
          const all = rows.map(toCells);
          const columns = ['date', 'provider', 'metric', 'numValue', 'textValue', 'unit', 'stream'];
          const expected = stringify(header ? [columns, ...all] : all, stringifyOptions(delimiter));
          expect(text).toBe(expected);
        }),
        { numRuns: 1_000 },
      );
    });
  }

  // Mostly plain rows, an awkward character now and then: rows the fast path takes, and rows
  // it must refuse because of one character in one cell.
  const mostlyPlainText = fc.string({
    unit: fc.oneof(
      { weight: 60, arbitrary: fc.constantFrom('a', 'Z', '0', ' ', '-', '.', 'é', '°', '😀') },
      { weight: 1, arbitrary: awkwardChar },
    ),
    maxLength: 10,
  });
  const mostlyPlainCell = fc.oneof(
    { weight: 6, arbitrary: mostlyPlainText },
    { weight: 3, arbitrary: awkwardNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  );
  const mostlyPlainRow = fc.record({
    date: mostlyPlainCell,
    provider: mostlyPlainCell,
    metric: mostlyPlainCell,
    numValue: mostlyPlainCell,
    textValue: mostlyPlainCell,
    unit: mostlyPlainCell,
    stream: mostlyPlainCell,
  }) as fc.Arbitrary<unknown> as fc.Arbitrary<MetricRow>;

  for (const delimiter of DELIMITERS) {
    it(`${delimiter === ',' ? 'csv' : 'tsv'}: a mostly plain row is csv-stringify's line, or refused`, () => {
      let taken = 0;
      let refused = 0;
      fc.assert(
        fc.property(mostlyPlainRow, (r) => {
          const line = fastLine(r, delimiter);
          if (line === undefined) refused++;
          else {
            taken++;
            expect(line).toBe(stringify([toCells(r)], stringifyOptions(delimiter)));
          }
        }),
        { numRuns: 5_000 },
      );
      expect(taken).toBeGreaterThan(500);
      expect(refused).toBeGreaterThan(200);
    });
  }

  it('takes the common row, so the fast path is really used', () => {
    const plain: MetricRow = {
      date: '2026-11-22',
      provider: 'PhoneHealth',
      metric: 'steps',
      numValue: -0,
      textValue: null,
      unit: 'count',
      stream: false,
    };
    expect(fastLine(plain, ',')).toBe('2026-11-22,PhoneHealth,steps,0,,count,false\n');
    expect(fastLine({ ...plain, numValue: 1e21, stream: true }, '\t')).toBe(
      '2026-11-22\tPhoneHealth\tsteps\t1e+21\t\tcount\ttrue\n',
    );
    // A comma is fine in TSV, not in CSV; a quote needs quoting in both.
    expect(fastLine({ ...plain, textValue: 'a,b' }, '\t')).toContain('\ta,b\t');
    expect(fastLine({ ...plain, textValue: 'a,b' }, ',')).toBeUndefined();
    expect(fastLine({ ...plain, textValue: 'say "hi"' }, '\t')).toBeUndefined();
  });
});
