// The daily summaries of a proven page read off its bytes (through the row walker, src/api/rows/row-walk.ts) must be the
// summaries of its parsed rows, to the bit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { textPage } from '../../src/api/rows/lazy-page.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { summarize } from '../../src/daily/index.ts';
import { canonicalNumberAt, exactNumberAt } from '../../src/api/rows/row-numbers.ts';
import { isInexact, parseExact, RawNumber } from '../../src/api/exact-numbers.ts';
import { INEXACT_NUMBER_TOKENS } from '../helpers/number-tokens.ts';

/** The reader's number: a double, or (a RawNumber) the token JSON.parse would change. */
const at = (token: string): number | string => {
  const value = exactNumberAt(Buffer.from(token, 'latin1'), 0, token.length);
  return value instanceof RawNumber ? value.text : value;
};
const canonicalAt = (token: string) =>
  canonicalNumberAt(Buffer.from(token, 'latin1'), 0, token.length);

describe('exactNumberAt, as the summary reader reads numbers', () => {
  it('reads every double as Number() does', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        // String(-0) is '0': compare with what Number() makes of the same text.
        // A RawNumber only where parseExact makes one: an integer past 2^53 that its double
        // merely prints as.
        const token = String(x);
        expect(Object.is(at(token), isInexact(token) ? token : Number(token))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads 16- and 17-digit mantissas on both sides of 2^53 as Number() does', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 17n - 1n }),
        fc.integer({ min: 0, max: 24 }),
        fc.boolean(),
        (m, k, negative) => {
          const digits = m.toString();
          const token = `${negative ? '-' : ''}${k === 0 ? digits : `${digits.slice(0, -k) || '0'}.${digits.slice(-k).padStart(k, '0')}`}`;
          // A number no double holds exactly is a RawNumber, as parseExact makes it.
          expect(Object.is(at(token), isInexact(token) ? token : Number(token))).toBe(true);
          expect(Object.is(canonicalAt(token), Number(token))).toBe(true);
        },
      ),
      { numRuns: 20000 },
    );
    // Around 2^53 (9007199254740992), where a digit-by-digit build first may round.
    for (const t of [
      '9007199254740991',
      '9007199254740992',
      '9007199254740994',
      '9007199254740996',
      '0.9007199254740993',
      '-90071992547409.93',
      '0.00012299901322564437',
      '3.2186880000000004',
    ]) {
      expect(Object.is(at(t), isInexact(t) ? t : Number(t))).toBe(true);
      expect(Object.is(canonicalAt(t), Number(t))).toBe(true);
    }
  });

  it('reads short decimals and integers, what proven pages hold, exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }),
        fc.integer({ min: 0, max: 15 }),
        (m, k) => {
          const token = String(m / 10 ** k);
          expect(Object.is(at(token), Number(token))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
    for (const t of ['0', '-0', '0.1', '-0.000001', '123456789012345', '1e-7', '1.5e+21']) {
      expect(Object.is(at(t), Number(t))).toBe(true);
    }
  });

  it('gives a RawNumber for a number JSON.parse would change, as parseExact does', () => {
    for (const t of INEXACT_NUMBER_TOKENS) {
      expect(at(t)).toBe(t);
    }
    expect(at('9007199254740992')).toBe(9007199254740992);
  });
});

const name = fc.constantFrom('steps', 'steps_total', 'hrv', 'mood', 'a,b', 'q"u\\o\n', 'Ωm 🧘');
const row = fc.record({
  date: fc.constantFrom('2026-11-20', '2026-11-21', '2026-11-22'),
  provider: fc.constantFrom('Santé Téléphone', 'Pulsuhr Ä', '指輪 Ring', 'tab\there'),
  metric: name,
  numValue: fc.oneof(
    fc.constant(null),
    fc.integer({ min: -100_000, max: 100_000 }),
    fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
  ),
  textValue: fc.oneof(fc.constant(null), fc.constantFrom('', 'calme', 'énergique ⚡', 'x\\y')),
  unit: fc.oneof(fc.constant(null), fc.constantFrom('', 'kcal', '°C')),
  stream: fc.boolean(),
});

describe('summaries of proven pages', () => {
  it('are the summaries of the same rows parsed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(row, { maxLength: 40 }), { maxLength: 4 }),
        async (pages) => {
          const proven = pages.map((rows) => {
            const body = JSON.stringify({ data: rows, next_cursor: null });
            const proof = provePage(Buffer.from(body));
            expect(proof).toBeDefined();
            return textPage(proof!.rows, null, undefined);
          });
          const options = {
            catalog: ['steps', 'steps_total', 'hrv', 'mood'],
            metrics: ['steps', 'hrv'],
          };
          expect(await summarize(proven, options)).toEqual(
            await summarize(pages as MetricRow[][], options),
          );
          expect(await summarize(proven)).toEqual(await summarize(pages as MetricRow[][]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are the summaries of the same rows parsed, numbers at the edges of the doubles too', async () => {
    // Tokens JSON.stringify cannot write (1e400) go in as "@token@" strings, then bare.
    const token = fc.constantFrom(
      ...INEXACT_NUMBER_TOKENS,
      // As JSON.stringify spells them, so that the page is proven and read off its bytes.
      '1e+308',
      '-1e+308',
      '1.7976931348623157e+308',
      '5e-324',
      '42',
    );
    const edgeRow = fc.record({
      date: fc.constantFrom('2026-11-20', '2026-11-21'),
      provider: fc.constantFrom('A', 'B'),
      metric: fc.constantFrom('steps', 'hrv'),
      numValue: token.map((t) => `@${t}@`),
      textValue: fc.constant(null),
      unit: fc.constant('u'),
      stream: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edgeRow, { minLength: 1, maxLength: 30 }), async (rows) => {
        const body = JSON.stringify({ data: rows, next_cursor: null }).replace(
          /"@([^@]*)@"/g,
          '$1',
        );
        const proof = provePage(Buffer.from(body));
        expect(proof).toBeDefined();
        const proven = [textPage(proof!.rows, null, undefined)];
        const parsed = [(parseExact(body) as { data: MetricRow[] }).data];
        const fromBytes = await summarize(proven);
        expect(fromBytes).toEqual(await summarize(parsed));
        // 1e400 and -1e400 are counted, never a number; the rest are their nearest doubles.
        const unheld = rows.filter((r) => /^-?1e400$/.test(r.numValue.slice(1, -1))).length;
        expect(fromBytes.reduce((n, l) => n + (l.unheld ?? 0), 0)).toBe(unheld);
        for (const line of fromBytes) {
          if (line.stats === null) continue;
          for (const x of Object.values(line.stats)) {
            if (x !== null) expect(Number.isFinite(x)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
