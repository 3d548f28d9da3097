// Rows made from a proven page's bytes (row-walk.ts: RowWalker.objects, and each view's fields) must be what parseExact makes of the
// same page, which is what JSON.parse makes but for the numbers JSON.parse would change: the
// same keys in the same order, the same strings, the same doubles, RawNumbers where those are.
// Over random rows, and over the realistic sandbox's pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExact, RawNumber } from '../../src/api/exact-numbers.ts';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { textPage } from '../../src/api/rows/lazy-page.ts';
import { RowWalker, type RowView } from '../../src/api/rows/row-walk.ts';
import { exactNumberAt } from '../../src/api/rows/row-numbers.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { INEXACT_NUMBER_TOKENS } from '../helpers/number-tokens.ts';
import { get, useSandbox } from '../helpers/sandbox.ts';

/** One walker for every page, as a sync has: its name table carries from page to page. */
const walker = new RowWalker();

/** The rows as a view's fields give them, one accessor at a time. */
function viewed(page: Parameters<RowWalker['walk']>[0]): MetricRow[] {
  const out: MetricRow[] = [];
  walker.walk(page, (row: RowView) => {
    out.push({
      date: row.date(),
      provider: row.provider(),
      metric: row.metric(),
      numValue: row.numValue(),
      textValue: row.textValue(),
      unit: row.unit(),
      stream: row.stream(),
    });
    expect(row.hasNumber()).toBe(row.numValue() !== null);
  });
  return out;
}

/** The page's rows both ways; undefined when the page is not proven. */
function decodeBoth(text: string): { decoded: MetricRow[]; parsed: MetricRow[] } | undefined {
  const proven = provePage(text);
  if (proven === undefined) return undefined;
  const parsed = (parseExact(text) as { data: MetricRow[] }).data;
  const page = textPage(proven.rows, null, undefined);
  const decoded = [...walker.objects(page)];
  // Read through the views too, of the proven page and of the parsed rows: the same rows.
  expect(viewed(page)).toStrictEqual(decoded);
  expect(viewed({ data: parsed })).toStrictEqual(parsed);
  return { decoded, parsed };
}

function expectSame(decoded: MetricRow[], parsed: MetricRow[]): void {
  // toStrictEqual: a RawNumber must be a RawNumber, and undefined is not a missing key.
  expect(decoded).toStrictEqual(parsed);
  decoded.forEach((row, i) => {
    expect(Object.keys(row)).toEqual(Object.keys(parsed[i] as MetricRow));
    // -0 and 0 are equal to toStrictEqual's eyes, not to Object.is.
    const [a, b] = [row.numValue, (parsed[i] as MetricRow).numValue];
    if (typeof a === 'number') expect(Object.is(a, b)).toBe(true);
  });
}

const text = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', ' ', '"', '\\', '/', '\n', '\u0001', 'é', '€', '😀', ',', '},{'),
    maxLength: 8,
  }),
  fc.constantFrom('Pulsuhr Ä', '指輪 Ring', 'Mindful Ωm 🧘', 'heart_rate', ''),
);
/** Number tokens as a server writes them: doubles at full precision, and ones no double holds. */
const numberToken = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => String(n / 100)),
  fc.constantFrom(
    ...INEXACT_NUMBER_TOKENS,
    '3.2186880000000004',
    '-0.00012299901322564437',
    '1e21',
    '1e-7',
    '0',
  ),
);
const rowText = fc
  .record({
    date: fc.constantFrom('2026-11-22', '2026-11-21'),
    provider: text,
    metric: text,
    numValue: fc.oneof(numberToken, fc.constant('null')),
    textValue: fc.oneof(text, fc.constant(null)),
    unit: fc.oneof(text, fc.constant(null)),
    stream: fc.boolean(),
  })
  .map(
    (r) =>
      `{"date":"${r.date}","provider":${JSON.stringify(r.provider)},"metric":${JSON.stringify(r.metric)},` +
      `"numValue":${r.numValue},"textValue":${JSON.stringify(r.textValue)},"unit":${JSON.stringify(r.unit)},"stream":${r.stream}}`,
  );

describe('RowWalker', () => {
  it('makes the rows parseExact makes, for every proven page', () => {
    let proven = 0;
    fc.assert(
      fc.property(fc.array(rowText, { maxLength: 12 }), (rows) => {
        const both = decodeBoth(`{"data":[${rows.join(',')}],"next_cursor":null}`);
        if (both === undefined) return;
        proven++;
        expectSame(both.decoded, both.parsed);
      }),
      { numRuns: 3_000 },
    );
    // Most pages are proven (a number in another spelling, 1e21's, sends one the other way).
    expect(proven).toBeGreaterThan(1_000);
  });

  it('reads each number as parseExact does', () => {
    fc.assert(
      fc.property(numberToken, (token) => {
        const got = exactNumberAt(Buffer.from(token, 'latin1'), 0, token.length);
        const want = (parseExact(`[${token}]`) as unknown[])[0];
        if (want instanceof RawNumber) expect(got).toStrictEqual(want);
        else expect(Object.is(got, want)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('RowWalker on realistic data', () => {
  const sandbox = useSandbox({ plan: 'unlimited', realistic: true });

  it('makes the rows parseExact makes, page after page, numbers no double holds included', async () => {
    const seen = { raw: 0, rows: 0 };
    // active_energy carries the numbers no double holds, on a few days a year.
    for (const query of ['limit=1000', 'metric=active_energy&limit=1000']) {
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = cursor === null ? query : `${query}&cursor=${encodeURIComponent(cursor)}`;
        const got: { text: string; body: { next_cursor: string | null } } = await get<{
          next_cursor: string | null;
        }>(sandbox.current, `/api/v1/metrics?${q}`);
        const both = decodeBoth(got.text);
        expect(both, 'a realistic page is proven').toBeDefined();
        if (both === undefined) return;
        expectSame(both.decoded, both.parsed);
        pages++;
        seen.rows += both.parsed.length;
        if (both.parsed.some((r) => r.numValue instanceof RawNumber)) seen.raw++;
        cursor = got.body.next_cursor;
      } while (cursor !== null && pages < 20);
    }
    expect(seen.raw).toBeGreaterThan(0);
    expect(seen.rows).toBeGreaterThan(10_000);
  });
});
