// The one rule for how a daily value is shown (src/daily/shown.ts): exact as the API sent it,
// rounded once (src/lib/precision.ts) when this program computed it, over random days.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  shownDay,
  shownExtreme,
  shownRow,
  summarize,
  type NumericDay,
  type ValuedBasis,
} from '../../src/daily/index.ts';
import { amount } from '../../src/lib/precision.ts';

const basis = fc.constantFrom<ValuedBasis>('total', 'single', 'several');
const value = fc.double({ noNaN: true, noDefaultInfinity: true });

describe('a daily value as shown', () => {
  it('is the sent value itself on a total or single day, amount() of a several mean', () => {
    fc.assert(
      fc.property(value, basis, (v, b) => {
        expect(shownDay({ value: v, basis: b })).toBe(b === 'several' ? amount(v) : v);
      }),
    );
    expect(shownDay({ value: 96.58333333333333, basis: 'several' })).toBe(96.58);
    expect(shownDay({ value: 96.58333333333333, basis: 'single' })).toBe(96.58333333333333);
    expect(shownDay({ value: 96.58333333333333 })).toBe(96.58333333333333);
  });

  it('shows a min or max as its day: exact when a sent day holds it, even on a tie', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value, basis }), { minLength: 1 }), (days) => {
        const min = Math.min(...days.map((d) => d.value));
        const holders = days.filter((d) => d.value === min);
        const sent = holders.some((d) => d.basis !== 'several');
        expect(shownExtreme(days, min)).toBe(sent ? min : amount(min));
      }),
    );
    const tie = [
      { value: 1.23456, basis: 'several' as const },
      { value: 1.23456, basis: 'single' as const },
    ];
    expect(shownExtreme(tie, 1.23456)).toBe(1.23456);
    expect(shownExtreme(tie.slice(0, 1), 1.23456)).toBe(1.23);
  });

  it("leaves daily's no-value and text rows alone, and rounds only a several number", async () => {
    const row = (metric: string, num: number | null, text: string | null = null) => ({
      date: '2026-11-19',
      provider: 'P',
      metric,
      numValue: num,
      textValue: text,
      unit: null,
      stream: false,
    });
    const [summary] = await summarize([[row('spo2', 96.1), row('spo2', 96.5), row('spo2', 97.15)]]);
    const day = (summary?.daily as NumericDay[])[0] as NumericDay;
    expect(day.value).toBe((96.1 + 96.5 + 97.15) / 3);
    const base = { date: 'd', metric: 'm', provider: 'p', unit: null, rows: 2 };
    expect(shownRow({ ...base, value: day.value, text: null, basis: 'several' }).value).toBe(96.58);
    const none = { ...base, value: null, text: null, basis: 'no_total' as const };
    expect(shownRow(none)).toBe(none);
    const text = { ...base, value: null, text: '["a","b"]', basis: 'several' as const };
    expect(shownRow(text)).toBe(text);
  });
});
