// CSV/TSV copied from a proven page's bytes (csv-bytes.ts) must be byte-identical to csv-stringify's
// for the parsed rows, the reference: checked over random well-typed rows with awkward values
// (quotes, delimiters, CR/LF, tabs, backslashes, Unicode, -0, tiny and huge numbers, 1e400 and
// 20-digit integers as the server sent them), through the client's own proof of the page.
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { textPage } from '../../src/api/rows/lazy-page.ts';
import { RowWalker } from '../../src/api/rows/row-walk.ts';
import { parseExact } from '../../src/api/exact-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { delimitedEncoder, stringifyOptions, toCells } from '../../src/output/formats/csv.ts';
import { delimitedRows } from '../../src/output/formats/csv-bytes.ts';

const DELIMITERS = [',', '\t'] as const;

const awkwardChar = fc.constantFrom(
  ...[',', '\t', '"', "'", '\n', '\r', ' ', '=', '-', '\\', '/', '\u0000', '\u001f', 'é', '€'],
  ...['\u2028', '\uFEFF', '😀', '\uD800', '\uDFFF', 'a', '0', 'null', '},{"date":"', '":"'],
);
const plainChar = fc.constantFrom('a', 'Z', '0', ' ', '=', '-', '/', "'", 'é', '€', '😀', '°');
const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: plainChar, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: awkwardChar, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', 'true', '1e400', 'RingWear', '°C') },
);
const number = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 3, arbitrary: fc.integer().map((n) => n / 1000) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -0, 5e-324, 1e-7, 1e-6, 0.1 + 0.2, 1e21, 123456789012345),
  },
);
const date = fc.constantFrom('2026-11-22', '1999-01-31', '0000-00-00');
const row = fc.record({
  date,
  provider: text,
  metric: text,
  numValue: fc.oneof(number, fc.constant(null)),
  textValue: fc.oneof(text, fc.constant(null)),
  unit: fc.oneof(text, fc.constant(null)),
  stream: fc.boolean(),
});
/**
 * Numbers JSON.parse cannot hold, as a server writes them, and exact numbers in a spelling
 * JSON.stringify does not write; spliced into the page text.
 */
const rawNumber = fc.constantFrom('1e400', '12345678901234567890', '-0', '1.0', '1E5');
const RESPELLED = new Set(['-0', '1.0', '1E5']);

interface Read {
  rows: MetricRow[];
  /** The page's text read off its text, and the rows handed to the general path. */
  fast(d: ',' | '\t'): { text: string; slow: MetricRow[] } | undefined;
}

/** The page as the client reads it: proven (rows unparsed) or not. */
function read(body: string): Read {
  const proven = provePage(body);
  // The general path's parse: numbers JSON.parse would change are kept as sent.
  const rows = (parseExact(body) as { data: MetricRow[] }).data;
  return {
    rows,
    fast: (d) => {
      if (proven === undefined) return undefined;
      const slow: MetricRow[] = [];
      const general = (row: MetricRow): string => {
        slow.push(row);
        return stringify([toCells(row)], stringifyOptions(d));
      };
      const page = textPage(proven.rows, null, undefined);
      return { text: delimitedRows(new RowWalker(), page, d, general).toString(), slow };
    },
  };
}

describe('CSV from proven page text', () => {
  for (const delimiter of DELIMITERS) {
    const name = delimiter === ',' ? 'csv' : 'tsv';
    const reference = (rows: MetricRow[]): string =>
      stringify(rows.map(toCells), stringifyOptions(delimiter));

    it(`${name}: is csv-stringify's text for the page, or left to the general path`, () => {
      let taken = 0;
      let takenRaw = 0;
      fc.assert(
        fc.property(
          fc.array(row, { minLength: 1, maxLength: 6 }),
          fc.option(fc.tuple(fc.nat(), rawNumber)),
          (rows, raw) => {
            let body = `{"data":${JSON.stringify(rows)},"next_cursor":null}`;
            if (raw) {
              // Replace one numValue with a number only its text keeps exactly.
              const at = body.indexOf('"numValue":', 0);
              const end = body.indexOf(',"textValue"', at);
              if (at >= 0) body = `${body.slice(0, at + 11)}${raw[1]}${body.slice(end)}`;
            }
            const { rows: parsed, fast } = read(body);
            const got = fast(delimiter);
            if (got !== undefined) {
              // A page with an exact number spelled otherwise goes the general way, whole.
              expect(raw !== null && RESPELLED.has(raw[1])).toBe(false);
              expect(got.text).toBe(reference(parsed));
              taken += parsed.length - got.slow.length;
              if (raw !== null) takenRaw++;
            }
          },
        ),
        { numRuns: 5_000 },
      );
      // The fast path really ran, on a fair share of the random rows, 1e400 pages included.
      expect(taken).toBeGreaterThan(500);
      expect(takenRaw).toBeGreaterThan(50);
    });

    it(`${name}: is used for typical pages, and the encoder gives the same text either way`, () => {
      const rows: MetricRow[] = [
        {
          date: '2026-11-22',
          provider: 'RingWear',
          metric: 'body_temperature_delta',
          numValue: -0.42,
          textValue: null,
          unit: '°C',
          stream: false,
        },
        {
          date: '2026-11-21',
          provider: 'WristBand',
          metric: 'workout_type',
          numValue: null,
          textValue: 'Café HIIT 😀',
          unit: null,
          stream: true,
        },
        {
          date: '2026-11-20',
          provider: '',
          metric: 'steps',
          numValue: 123456789012345,
          textValue: '',
          unit: 'count',
          stream: false,
        },
      ];
      const body = `{"data":${JSON.stringify(rows)},"next_cursor":"c","meta":null}`;
      const proven = provePage(body);
      expect(proven).toBeDefined();
      const page = textPage(proven!.rows, 'c', undefined);
      const line = delimitedRows(new RowWalker(), page, delimiter, () => {
        throw new Error('not the fast path');
      }).toString();
      expect(line).toBe(reference(rows));
      const encoder = delimitedEncoder({ delimiter, header: false });
      expect(encoder.rows(page).toString()).toBe(line);
      expect(encoder.rows({ data: rows })).toBe(line);
    });
  }

  it('writes from the bytes the rows csv-stringify quotes and those that hold an escape', () => {
    const base: MetricRow = {
      date: '2026-11-22',
      provider: 'p',
      metric: 'm',
      numValue: 1,
      textValue: 't',
      unit: 'u',
      stream: true,
    };
    for (const field of ['provider', 'metric', 'textValue', 'unit'] as const) {
      for (const value of [
        'a,b',
        'a"b',
        'a\nb',
        'a\rb',
        'a\\b',
        'a\tb',
        '"x", "y"\r\n',
        '\u0001,é',
      ]) {
        const rows = [base, { ...base, [field]: value }];

        const page = `{"data":${JSON.stringify([base, ...rows, base])},"next_cursor":null}`;
        const { rows: parsed, fast } = read(page);
        expect(fast(',')).toEqual({ text: expected(parsed, ','), slow: [] });
        expect(fast('\t')).toEqual({ text: expected(parsed, '\t'), slow: [] });
      }
    }
  });
});

function expected(rows: MetricRow[], delimiter: ',' | '\t'): string {
  return stringify(rows.map(toCells), stringifyOptions(delimiter));
}
