// query_metrics reads a proven page's rows off its bytes (row-intake.ts): the series, the
// budget's stop and the several-rows examples must be exactly what the parsed rows give,
// over random pages with awkward strings (escapes, Unicode), full-precision doubles, numbers
// JSON.parse cannot hold (1e400, 20-digit integers) and runs of rows for one day, cut by
// random row and byte budgets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExact } from '../../src/api/exact-numbers.ts';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { canonicalRows, textPage } from '../../src/api/rows/lazy-page.ts';
import type { Page } from '../../src/api/pagination/types.ts';
import type { MetricRow } from '../../src/api/types.ts';
import { RowBudget } from '../../src/mcp/compact-rows.ts';
import { RowIntake } from '../../src/mcp/row-intake.ts';

const name = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('steps', 'hrv', 'Pulsuhr Ä', 'Balança Saúde', '°C') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('a"b', 'tab\there', 'line\nbreak', 'back\\slash', '') },
);
const number = fc.oneof(
  fc.integer(),
  fc.integer().map((n) => n / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 0.1 + 0.2, Number('3.2186880000000004'), Number('36648678677153290')),
);
const row = fc.record({
  date: fc.constantFrom('2026-11-22', '2026-11-21', '2026-11-20'),
  provider: name,
  metric: name,
  numValue: fc.oneof(number, fc.constant(null)),
  textValue: fc.oneof(fc.constant(null), name),
  unit: fc.oneof(fc.constant(null), name),
  stream: fc.boolean(),
});
/** Rows in runs of one key, as real pages come (several rows a day: one per source app). */
const rows = fc
  .array(fc.tuple(row, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 8 })
  .map((runs) =>
    runs.flatMap(([r, n]) =>
      Array.from({ length: n }, (_, i) => ({
        ...r,
        numValue: typeof r.numValue === 'number' ? r.numValue + i : r.numValue,
      })),
    ),
  );
const rawNumber = fc.constantFrom('1e400', '12345678901234567890');

function intake(page: Page, maxRows: number, maxBytes: number) {
  const budget = new RowBudget(maxRows, maxBytes);
  const into = new RowIntake(budget);
  into.page(page);
  return {
    series: budget.series(),
    rows: budget.rows,
    bytes: budget.bytes,
    full: budget.full,
    newest: budget.newest,
    oldest: budget.oldest,
    several: [...into.detector.found],
    unheld: budget.unheld,
  };
}

describe('RowIntake', () => {
  it("gives from a proven page's bytes exactly what its parsed rows give", () => {
    let proven = 0;
    let cut = 0;
    fc.assert(
      fc.property(
        rows,
        fc.option(rawNumber),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 100, max: 3000 }),
        (data, raw, maxRows, maxBytes) => {
          let body = `{"data":${JSON.stringify(data)},"next_cursor":null}`;
          if (raw !== null) {
            const at = body.indexOf('"numValue":');
            body = `${body.slice(0, at + 11)}${raw}${body.slice(body.indexOf(',"textValue"', at))}`;
          }
          const text = provePage(body);
          if (text === undefined) return;
          const page = textPage(text.rows, null, undefined);
          expect(canonicalRows(page)).toBeDefined();
          const parsed = (parseExact(body) as { data: MetricRow[] }).data;
          const plain: Page = { data: parsed, next_cursor: null, meta: undefined, cut: false };
          const got = intake(page, maxRows, maxBytes);
          expect(got).toEqual(intake(plain, maxRows, maxBytes));
          proven += 1;
          if (got.full !== null) cut += 1;
        },
      ),
      { numRuns: 3_000 },
    );
    // The byte path really ran, on whole pages and on pages the budget cut.
    expect(proven).toBeGreaterThan(1_000);
    expect(cut).toBeGreaterThan(200);
    expect(proven - cut).toBeGreaterThan(200);
  });
});
