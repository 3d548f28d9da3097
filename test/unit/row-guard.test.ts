// The row guard: what it lets through, what it drops and why; and its text check on proven
// pages, which must pass a page exactly when the guard would drop none of its rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DropTally } from '../../src/api/dropped.ts';
import { RawNumber } from '../../src/api/exact-numbers.ts';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { RowGuard } from '../../src/api/row-guard.ts';
import type { MetricsQuery } from '../../src/api/types.ts';

/** 2026-11-20 at 12:00 UTC: the latest date anywhere is 2026-11-21. */
const NOW = Date.parse('2026-11-20T12:00:00Z');
const good = {
  date: '2026-11-20',
  provider: 'Phone',
  metric: 'steps',
  numValue: 1,
  textValue: null,
  unit: 'count',
  stream: false,
};

describe('RowGuard.filter', () => {
  it('passes rows of the spec as they are, RawNumbers included', () => {
    const rows = [
      good,
      { ...good, numValue: new RawNumber('1e400') },
      { ...good, date: '2026-11-21' },
    ];
    const out = new RowGuard({}, NOW).filter(rows);
    expect(out.rows).toBe(rows);
    expect(out.dropped).toBeUndefined();
  });

  it('reads a missing nullable field as null, in the spec place, keeping other fields', () => {
    const noUnit: Record<string, unknown> = { ...good, extra: 1 };
    delete noUnit['unit'];
    const out = new RowGuard({}, NOW).filter([noUnit]);
    expect(JSON.stringify(out.rows[0])).toBe(
      '{"date":"2026-11-20","provider":"Phone","metric":"steps","numValue":1,"textValue":null,"unit":null,"stream":false,"extra":1}',
    );
    expect(out.dropped).toBeUndefined();
  });

  it('drops rows outside the query first, naming why; providers in any case', () => {
    const query: MetricsQuery = {
      metric: ['steps'],
      provider: ['phone'],
      from: '2026-11-01',
      to: '2026-11-10',
    };
    const rows = [
      { ...good, date: '2026-11-05' },
      { ...good, date: '2026-11-05', provider: 'PHONE' },
      { ...good, date: '2026-11-05', metric: 'weight', stream: 'yes' },
      { ...good, date: '2026-11-05', provider: 'Watch' },
      { ...good, date: '2026-10-31' },
      { ...good, date: '2099-01-01' },
    ];
    const out = new RowGuard(query, NOW).filter(rows);
    expect(out.rows).toEqual([rows[0], rows[1]]);
    expect(out.dropped?.outside).toEqual(
      new Map([
        ['of metrics not asked for', 1],
        ['of providers not asked for', 1],
        ['dated before from=2026-11-01', 1],
        ['dated after to=2026-11-10', 1],
      ]),
    );
    expect(out.dropped?.outsideDates).toBe(2);
    expect(out.dropped?.broken.size).toBe(0);
  });

  it('drops rows that break the spec, and notes the real dates among them', () => {
    const rows = [
      good,
      { ...good, date: '2099-01-01' },
      { ...good, date: '9999-99-99' },
      { ...good, date: '2026-02-30' },
      { ...good, date: 20261120 },
      { ...good, date: '2026-11-19', stream: 'yes' },
      { ...good, date: '2026-11-18', numValue: '12' },
      { ...good, date: '2026-11-18', provider: undefined },
      [1],
    ];
    const out = new RowGuard({}, NOW).filter(rows);
    expect(out.rows).toEqual([good]);
    expect(out.dropped?.broken).toEqual(
      new Map([
        ['dated 2099-01-01, after tomorrow', 1],
        ['dated 9999-99-99, not a real date', 1],
        ['dated 2026-02-30, not a real date', 1],
        ['with date 20261120', 1],
        ['with stream "yes"', 1],
        ['with numValue "12"', 1],
        ['with no provider', 1],
        ['that are not objects', 1],
      ]),
    );
    expect([...(out.dropped?.tainted ?? [])]).toEqual(['2026-11-19', '2026-11-18']);
  });
});

describe('DropTally', () => {
  it('says it in one line: a warning for rows outside the request, an error with broken ones', () => {
    const tally = new DropTally();
    tally.add(new RowGuard({ metric: ['steps'] }, NOW).filter([{ ...good, metric: 'w' }]).dropped);
    expect(tally.describe()).toEqual({
      line: 'dropped 1 row the API sent outside what was asked (1 of metrics not asked for)',
      failed: false,
    });
    expect(tally.error()).toBeUndefined();
    const bad = (date: string) => ({ ...good, date });
    for (const date of [
      '2099-01-01',
      '2099-01-02',
      '2099-01-03',
      '2099-01-03',
      '2099-01-04',
      '2099-01-05',
    ]) {
      tally.add(new RowGuard({}, NOW).filter([bad(date)]).dropped);
    }
    expect(tally.error()?.code).toBe('bad_rows');
    expect(tally.error()?.message).toBe(
      'dropped 6 rows that break the API spec (2 dated 2099-01-03, after tomorrow; 1 dated 2099-01-01, after tomorrow; 1 dated 2099-01-02, after tomorrow; 1 dated 2099-01-04, after tomorrow; 1 other), and 1 row the API sent outside what was asked (1 of metrics not asked for)',
    );
  });
});

describe('the text check of proven pages', () => {
  const date = fc.constantFrom(
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2099-01-01',
    '9999-99-99',
    '2026-02-30',
    '2024-02-29',
    '2023-02-29',
    '2026-10-31',
    '0000-01-01',
  );
  const provider = fc.constantFrom(
    'Phone',
    'PHONE',
    'phone',
    'Wätch',
    'WÄTCH',
    'Sc"ale',
    'K\u212a',
    'k',
  );
  const metric = fc.constantFrom('steps', 'Steps', 'steps_total', 'we\\ight', 'wéight', '');
  const row = fc.record({
    date,
    provider,
    metric,
    numValue: fc.constantFrom(1, null, 2.5),
    textValue: fc.constantFrom(null, 'a,b', '"'),
    unit: fc.constantFrom(null, 'kg'),
    stream: fc.boolean(),
  });
  const query = fc.record(
    {
      metric: fc.array(metric, { minLength: 1, maxLength: 2 }),
      provider: fc.array(provider, { minLength: 1, maxLength: 2 }),
      from: fc.constantFrom('2026-11-01', '2026-11-21'),
      to: fc.constantFrom('2026-11-20', '2026-11-30'),
    },
    { requiredKeys: [] },
  );

  it('passes a page exactly when the guard drops none of its rows', () => {
    const seen = { clean: 0, not: 0 };
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), query, (rows, q) => {
        const guard = new RowGuard(q, NOW);
        const proven = provePage(
          JSON.stringify({ data: rows, next_cursor: null }),
          guard.textCheck(),
        );
        expect(proven).toBeDefined();
        expect(proven?.clean).toBe(guard.filter(rows).dropped === undefined);
        seen[proven?.clean === true ? 'clean' : 'not']++;
      }),
      { numRuns: 5000 },
    );
    // Both answers were tried often.
    expect(Math.min(seen.clean, seen.not)).toBeGreaterThan(500);
  });
});

describe('the byte check of a page proven in several pieces', () => {
  // A page past the proof's piece size (96 KiB) is proven piece by piece: each row's offset in
  // the page's bytes must reach the check, in the last piece as in the first.
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    date: '2026-11-19',
    provider: i % 2 === 0 ? 'Wätch' : 'Phone',
    metric: 'steps',
    numValue: i,
    textValue: `note ${i}, "quoted"\n${'x'.repeat(80)}`,
    unit: 'count',
    stream: false,
  }));
  const query: MetricsQuery = { metric: ['steps'], provider: ['wätch', 'phone'] };

  it('passes it when every row passes, and refuses it for one bad row in the last piece', () => {
    const body = JSON.stringify({ data: rows, next_cursor: null });
    expect(body.length).toBeGreaterThan(2 * 96 * 1024);
    expect(provePage(body, new RowGuard(query, NOW).textCheck())?.clean).toBe(true);
    const last = rows.map((r, i) => (i === 990 ? { ...r, provider: 'Other' } : r));
    const bad = JSON.stringify({ data: last, next_cursor: null });
    const proven = provePage(bad, new RowGuard(query, NOW).textCheck());
    expect(proven?.rows.count).toBe(1000);
    expect(proven?.clean).toBe(false);
    expect(new RowGuard(query, NOW).filter(last).dropped).toBeDefined();
  });
});
