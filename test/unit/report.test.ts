// The report's model and page without a browser: the band is exactly where the anomaly rule
// flags (MAD or its mean-deviation stand-in), the lead-in gives the first days their baseline,
// coverage finds the gaps, data is escaped for a script element, and the markup carries no
// server string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { summarize, type MetricSummary } from '../../src/daily/index.ts';
import { findAnomalies, DEFAULT_RULE } from '../../src/insight/index.ts';
import { score } from '../../src/lib/precision.ts';
import { addDays } from '../../src/lib/dates.ts';
import { buildReport, type ReportInput } from '../../src/report/build.ts';
import { hashSource } from '../../src/report/csp.ts';
import { jsonForScript } from '../../src/report/embed.ts';
import { displayNameOf } from '../../src/api/profile-person.ts';
import { valueLimits, within } from '../../src/report/band-limits.ts';
import { renderPage } from '../../src/report/page.ts';
import { whoOf } from '../../src/report/title.ts';

const START = '2026-01-01';

function row(date: string, metric: string, numValue: number | null, text?: string): MetricRow {
  return {
    date,
    provider: 'Band',
    metric,
    numValue,
    textValue: text ?? null,
    unit: 'u',
    stream: false,
  };
}

/** Summaries of one metric's values, day i of START holding values[i] (null: no row). */
async function lines(values: readonly (number | null)[], metric = 'm'): Promise<MetricSummary[]> {
  const rows = values.flatMap((v, i) => (v === null ? [] : [row(addDays(START, i), metric, v)]));
  return summarize([rows]);
}

function input(summaries: MetricSummary[], days: number, extra: Partial<ReportInput> = {}) {
  return {
    summaries,
    leadIn: [],
    range: { from: START, to: addDays(START, days - 1) },
    asked: { from: START, to: null },
    meta: undefined,
    today: '2030-01-01',
    made: '2030-01-01',
    version: '0.0.0',
    source: { kind: 'api', demo: false },
    ...extra,
  } satisfies ReportInput;
}

describe('the band', () => {
  it('holds every day the rule does not flag, and no day it flags', async () => {
    const values = fc.array(fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }), {
      minLength: 20,
      maxLength: 70,
    });
    await fc.assert(
      fc.asyncProperty(values, async (vs) => {
        const model = buildReport(input(await lines(vs), vs.length));
        const s = model.series[0];
        if (!s) return;
        const flagged = new Set(s.anomalies.map((a) => a.date));
        s.values.forEach((v, i) => {
          const low = s.low[i];
          const high = s.high[i];
          if (v === null || low == null || high == null) return;
          // The edges are rounded to 2 decimals for drawing: a value on an edge is undecided.
          if (Math.min(Math.abs(v - low), Math.abs(v - high)) < 0.01) return;
          expect(v < low || v > high, addDays(START, i)).toBe(flagged.has(addDays(START, i)));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('uses the mean absolute deviation when over half the baseline shares one value', async () => {
    // 20 days: 16 of 10, four of 14 → median 10, MAD 0; mean abs. deviation 0.8.
    const values = [...Array.from({ length: 20 }, (_, i) => (i % 5 === 0 ? 14 : 10)), 16];
    const s = buildReport(input(await lines(values), 21)).series[0];
    const half = 3.5 * 1.253314 * 0.8;
    expect(s?.median[20]).toBe(10);
    expect(s?.high[20]).toBeCloseTo(10 + half, 2);
    expect(s?.low[20]).toBeCloseTo(10 - half, 2);
    expect(s?.anomalies.map((a) => a.date)).toContain(addDays(START, 20));
  });

  it('takes the first days’ baselines from the lead-in, and flags as anomalies does', async () => {
    const all = Array.from({ length: 60 }, (_, i) => (i === 45 ? 40 : 10 + (i % 4)));
    const summaries = await lines(all);
    const leadIn = await lines(all.slice(0, 30));
    const range = { from: addDays(START, 30), to: addDays(START, 59) };
    const shown = await lines([...Array<null>(30).fill(null), ...all.slice(30)]);
    const model = buildReport({ ...input(shown, 30), leadIn, range });
    const s = model.series[0];
    expect(s?.median[0]).not.toBeNull(); // day 30 has the 28 days before it
    const points = (summaries[0]?.daily ?? []).map((d) => ({
      date: d.date,
      value: 'value' in d ? d.value : 0,
    }));
    const expected = findAnomalies(points, DEFAULT_RULE).filter((a) => a.date >= range.from);
    // z as `anomalies` writes it: rounded once (src/lib/precision.ts).
    expect(s?.anomalies.map((a) => [a.date, a.z])).toEqual(
      expected.map((a) => [a.date, score(a.z)]),
    );
    expect(s?.anomalies.map((a) => a.date)).toContain(addDays(START, 45));
  });
});

describe('the band’s limits', () => {
  it('floors at 0 when no value is below 0, and caps a percentage at 100', () => {
    expect(valueLimits([0, 3, 400], 'kcal')).toEqual({ min: 0, max: null });
    expect(valueLimits([95, 99.5], '%')).toEqual({ min: 0, max: 100 });
    // A "%" line with a value past 100 (a change in %) is no share: no ceiling.
    expect(valueLimits([-5, 120], '%')).toEqual({ min: null, max: null });
    expect(valueLimits([-1, 1], '°C')).toEqual({ min: null, max: null });
    expect(valueLimits([], 'kg')).toEqual({ min: null, max: null });
    expect(within(-200, { min: 0, max: null })).toBe(0);
    expect(within(104, { min: 0, max: 100 })).toBe(100);
    expect(within(null, { min: 0, max: 100 })).toBeNull();
  });

  it('draws no band below 0 for a line that is never negative', async () => {
    // Around 200 from 0: the rule's band reaches to about −300.
    const values = Array.from({ length: 60 }, (_, i) => (i * 97) % 400);
    const s = buildReport(input(await lines(values), 60)).series[0];
    const low = (s?.low ?? []).filter((v) => v !== null);
    expect(low.length).toBeGreaterThan(20);
    expect(Math.min(...low)).toBe(0);
  });
});

describe('whose data', () => {
  it('takes the display name where a profile keeps it, and names no one without one', () => {
    expect(displayNameOf({ user: { name: ' Sam Sandbox ' } })).toBe('Sam Sandbox');
    expect(displayNameOf({ profile: { display_name: 'Ada' } })).toBe('Ada');
    expect(displayNameOf({ name: 'Bo' })).toBe('Bo');
    expect(displayNameOf({ user: { name: 7 }, meta: {} })).toBeNull();
    expect(displayNameOf({ user: { name: '  ' } })).toBeNull();
    expect(displayNameOf('Ada')).toBeNull();
    expect(whoOf({ profile: 'alice', displayName: 'Alice' })).toBe('Alice (profile alice)');
    expect(whoOf({ profile: 'alice', displayName: null })).toBe('profile alice');
    expect(whoOf({ profile: null, displayName: null })).toBeNull();
    // Bidi and control characters are shown as escapes; a long name is cut.
    expect(whoOf({ profile: null, displayName: 'a\u202eb\u0007' })).toBe('a\\u202eb\\u0007');
    expect(whoOf({ profile: null, displayName: 'x'.repeat(500) })?.length).toBe(80);
  });

  it('escapes the name in the file’s <title> and heading', async () => {
    const name = '</title><script>alert(1)</script>"\'&';
    const rows = [row(START, 'm', 1)];
    const model = buildReport({
      ...input(await summarize([rows]), 1),
      person: { profile: null, displayName: name },
    });
    const html = renderPage(model, { script: 'var uPlot = function () {};', style: '' });
    const escaped = '&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;&#38;';
    expect(html).toContain(`<title>Health report: ${escaped}, ${START} to ${START}</title>`);
    expect(html).toContain(`<h1><bdi>Health report: ${escaped}</bdi></h1>`);
    expect(html.split('<script').length - 1).toBe(3);
  });
});

describe('the model', () => {
  it('weekly means up to 120 days, monthly beyond; coverage lists the gaps', async () => {
    const values = [1, 2, null, null, null, 3, 4];
    expect(buildReport(input(await lines(values), 7)).periodUnit).toBe('week');
    expect(buildReport(input(await lines(values), 121)).periodUnit).toBe('month');
    const [coverage] = buildReport(input(await lines(values), 9)).coverage;
    expect(coverage?.metricsPerDay).toEqual([1, 1, 0, 0, 0, 1, 1, 0, 0]);
    expect(coverage?.gaps).toEqual([
      { from: addDays(START, 2), to: addDays(START, 4), days: 3 },
      { from: addDays(START, 7), to: addDays(START, 8), days: 2 },
    ]);
  });

  it('says when --from was clamped to the plan floor, and marks today', async () => {
    const meta = { plan: 'free', history_window_days: 30, history_floor: START, source_cap: 1 };
    const model = buildReport({
      ...input(await lines([1, 2]), 2),
      asked: { from: '2025-12-01', to: null },
      meta,
      today: addDays(START, 1),
    });
    expect(model.clamp).toEqual({ asked: '2025-12-01', floor: START, plan: 'free' });
    expect(model.today).toBe(addDays(START, 1));
  });
});

describe('the page', () => {
  const hostile = '</script><script>alert(1)</script>&amp;\u2028\u2029<!--';

  it('embeds data that no HTML parser reads as markup, and JSON.parse gives back', () => {
    const text = jsonForScript({ name: hostile });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ name: hostile });
  });

  it('names inline blocks by their SHA-256', () => {
    expect(hashSource('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it('keeps server strings out of the markup, and refuses an asset that would end its element', async () => {
    const rows = [row(START, hostile, 1), row(START, 'mood', null, hostile)];
    const model = buildReport(input(await summarize([rows]), 1));
    const assets = { script: 'var uPlot = function () {};', style: '' };
    const html = renderPage(model, assets);
    expect(html.split('<script').length - 1).toBe(3);
    expect(html).not.toContain('alert(1)</script>');
    expect(() => renderPage(model, { ...assets, script: 'x = "</SCRIPT>"' })).toThrow(/<\/script/);
  });
});
