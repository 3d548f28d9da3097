import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { joinRows } from '../../src/output/json-lines.ts';

const row = (textValue: string | null, extra: Record<string, unknown> = {}): MetricRow =>
  ({
    date: '2026-11-22',
    provider: 'WristBand',
    metric: 'note',
    numValue: null,
    textValue,
    unit: null,
    stream: false,
    ...extra,
  }) as MetricRow;

const oneByOne = (rows: MetricRow[], sep: string): string =>
  rows.map((r) => JSON.stringify(r)).join(sep);

describe('joinRows', () => {
  it('matches stringifying row by row, whatever the rows hold', () => {
    const cases: MetricRow[][] = [
      [],
      [row('plain')],
      [row('a'), row('b'), row(null)],
      // The boundary text inside a value, at either end, and twice.
      [row('},{'), row('x'), row('},{"date":"},{')],
      [row('x'), row('ends with }'), row('{starts')],
      // A field the API added that holds objects: its inner `},{` is not a row boundary.
      [row('x', { tags: [{ a: 1 }, { b: 2 }] }), row('y')],
      [row('line\nbreak'), row('quote " and \\ backslash'), row('snowman ☃ 𝄞')],
    ];
    for (const rows of cases) {
      for (const sep of ['\n', ',\n'])
        expect(joinRows({ data: rows }, sep)).toBe(oneByOne(rows, sep));
    }
  });

  it('keeps 1000-row pages exact', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(i % 7 === 0 ? `n°${i}},{` : null));
    expect(joinRows({ data: rows }, '\n')).toBe(oneByOne(rows, '\n'));
    const clean = rows.map((r, i) => ({ ...r, textValue: `t${i}` }));
    expect(joinRows({ data: clean }, '\n')).toBe(oneByOne(clean, '\n'));
  });
});
