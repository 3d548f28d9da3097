// Pages as real APIs write them (issue 22): full-precision doubles, numbers past 2^53, exponents,
// 1e400, non-ASCII names with surrogate pairs. Each number is decided on its own
// (canonical-proof.ts), so such a page stays on the byte path; what it writes must equal a simple
// reference: the rows parsed with exact numbers kept (parseExact), then JSON.stringify with
// them restored, or csv-stringify.
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInexact,
  numberSpelling,
  parseExact,
  restoreRawNumbers,
} from '../../src/api/exact-numbers.ts';
import { provePage, type ProvenPage } from '../../src/api/rows/canonical-proof.ts';
import { textPage } from '../../src/api/rows/lazy-page.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { delimitedEncoder, stringifyOptions, toCells } from '../../src/output/formats/csv.ts';
import { joinRows } from '../../src/output/json-lines.ts';

/** A double as JSON.stringify writes it: always its own shortest text. */
const double = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((n) => !Object.is(n, -0))
  .map((n) => JSON.stringify(n));
/** Integers past 2^53, most of which no double holds. */
const big = fc
  .bigInt({ min: 2n ** 53n, max: 10n ** 22n })
  .chain((n) => fc.constantFrom(String(n), `-${n}`));
/** Exponents, in and far past a double's range. */
const exponent = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -420, max: 420 }), fc.boolean())
  .map(([m, e, upper]) => `${m}${upper ? 'E' : 'e'}${e}`);
const edge = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '12345678901234567891',
);
const token = fc.oneof(
  { weight: 6, arbitrary: double },
  { weight: 2, arbitrary: big },
  { weight: 2, arbitrary: exponent },
  { weight: 1, arbitrary: edge },
  { weight: 1, arbitrary: fc.constant('null') },
);
const name = fc.oneof(
  fc.constantFrom('Santé Téléphone', '指輪 Ring', 'Mindful Ωm 🧘', 'RingWear'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('a', 'é', '😀', '𝄞', ',', '"', '\\', '\n'), maxLength: 6 }),
);
const row = fc.record({
  provider: name,
  metric: fc.constantFrom('active_energy', 'distance', 'hrv'),
  numValue: token,
  textValue: fc.option(name),
  unit: fc.option(fc.constantFrom('kcal', 'km', '°C')),
  stream: fc.boolean(),
});
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

/** The page body with each number token written as given (JSON.stringify cannot write 1e400). */
function body(rows: Row[]): string {
  const text = rows.map((r) => {
    const rest = { textValue: r.textValue, unit: r.unit, stream: r.stream };
    const head = JSON.stringify({ date: '2026-11-22', provider: r.provider, metric: r.metric });
    return `${head.slice(0, -1)},"numValue":${r.numValue},${JSON.stringify(rest).slice(1)}`;
  });
  return `{"data":[${text.join(',')}],"next_cursor":null}`;
}

/** The reference: the rows parsed with exact numbers kept, and their ndjson and csv. */
interface Reference {
  rows: MetricRow[];
  ndjson: string;
  csv: string;
}

function reference(text: string): Reference {
  const rows = (parseExact(text) as { data: MetricRow[] }).data;
  return {
    rows,
    ndjson: rows.map((r) => restoreRawNumbers(JSON.stringify(r))).join('\n'),
    csv: stringify(rows.map(toCells), stringifyOptions(',')),
  };
}

/**
 * The page proven or not, as it must be (only an exact number spelled otherwise, 1e5 or 1E5,
 * may send it the general way), and when proven, its ndjson and csv equal to the reference's.
 */
function checkPage(rows: Row[]): { proven: ProvenPage | undefined; ref: Reference } {
  const text = body(rows);
  const ref = reference(text);
  const proven = provePage(text);
  expect(proven === undefined).toBe(rows.some((r) => numberSpelling(r.numValue) === 'other'));
  if (proven !== undefined) {
    const page = textPage(proven.rows, null, undefined);
    expect(String(joinRows(page, '\n'))).toBe(ref.ndjson);
    const csv = delimitedEncoder({ delimiter: ',', header: false }).rows(page);
    expect(String(csv)).toBe(ref.csv);
  }
  return { proven, ref };
}

describe('pages with unusual numbers, decided number by number', () => {
  it('writes ndjson and csv identical to the exact reference, or leaves the page whole', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const { proven, ref } = checkPage(rows);
        if (proven === undefined) return;
        taken++;
        // Parsed later, the rows are the reference's, RawNumbers included.
        expect(textPage(proven.rows, null, undefined).data).toEqual(ref.rows);
      }),
      { numRuns: 3_000 },
    );
    expect(taken).toBeGreaterThan(500);
  });

  it('proves a page of several pieces (over 96 KiB) as a whole', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), fc.nat(), (rows, shift) => {
        // ~1000-2000 rows, as real pages: read in pieces cut between rows (canonical-proof.ts).
        const many = Array.from(
          { length: 1000 + (shift % 1000) },
          (_, i) => rows[i % rows.length]!,
        );
        const { proven } = checkPage(many);
        expect(proven?.rows.count ?? many.length).toBe(many.length);
        expect(proven?.tail ?? ',"next_cursor":null}').toBe(',"next_cursor":null}');
      }),
      { numRuns: 15 },
    );
  });

  it('keeps every page of full-precision doubles and non-ASCII text on the byte path', () => {
    const doubles = row.chain((r) =>
      fc.oneof(double, fc.constant('null')).map((numValue) => ({ ...r, numValue })),
    );
    fc.assert(
      fc.property(fc.array(doubles, { minLength: 1, maxLength: 12 }), (rows) => {
        expect(provePage(body(rows))).toBeDefined();
      }),
      { numRuns: 1_000 },
    );
  });

  it('decides a number token by what JSON.parse and JSON.stringify do with it', () => {
    fc.assert(
      fc.property(fc.oneof(double, big, exponent, edge), (t) => {
        // Raw exactly when the general path keeps it as sent; else JSON.stringify decides.
        const spelling = numberSpelling(t);
        expect(spelling === 'raw').toBe(isInexact(t));
        if (spelling !== 'raw')
          expect(spelling === 'canonical').toBe(JSON.stringify(Number(t)) === t);
      }),
      { numRuns: 5_000 },
    );
    expect(numberSpelling('-0.00012299901322564437')).toBe('canonical');
    expect(numberSpelling('0.30000000000000004')).toBe('canonical');
    expect(numberSpelling('1e-7')).toBe('canonical');
    for (const raw of ['1e400', '1e-400', '9007199254740993', '12345678901234567891']) {
      expect(numberSpelling(raw)).toBe('raw');
    }
    for (const other of ['1E5', '1e5', '-0', '1.50', '1e21'])
      expect(numberSpelling(other)).toBe('other');
  });
});
