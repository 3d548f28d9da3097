import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provePage } from '../../src/api/rows/canonical-proof.ts';
import { textPage } from '../../src/api/rows/lazy-page.ts';
import type { MetricRow } from '../../src/api/types.ts';
import {
  SeveralRowsDetector,
  severalRowsNotice,
  summarize,
  type NumericDay,
  type TextDay,
} from '../../src/daily/index.ts';

const row = (
  date: string,
  metric: string,
  value: number | string,
  provider = 'PhoneHealth',
  unit: string | null = 'count',
): MetricRow => ({
  date,
  provider,
  metric,
  numValue: typeof value === 'number' ? value : null,
  textValue: typeof value === 'string' ? value : null,
  unit: typeof value === 'string' ? null : unit,
  stream: false,
});

describe('summarize', () => {
  it('takes a cumulative metric from its _total twin, never from the sum of its rows', async () => {
    const rows = [
      row('2026-01-02', 'steps', 6000),
      row('2026-01-02', 'steps', 5000),
      row('2026-01-02', 'steps_total', 8000),
      row('2026-01-01', 'steps', 4000),
      row('2026-01-01', 'steps_total', 4000),
    ];
    const [line, ...rest] = await summarize([rows], { catalog: ['steps', 'steps_total'] });
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      metric: 'steps',
      from: 'steps_total',
      rule: 'twin',
      days: 2,
      first: '2026-01-01',
      last: '2026-01-02',
      rows: 2,
      rowsLeftOut: 3,
      stats: { min: 4000, mean: 6000, median: 6000, max: 8000 },
    });
    expect((line?.daily as NumericDay[]).map((d) => d.value)).toEqual([4000, 8000]);
  });

  it('gives each day its basis: total, single, and no value where the twin is missing', async () => {
    const rows = [
      row('2026-01-04', 'active_energy', 300, 'PhoneHealth', 'kcal'),
      row('2026-01-04', 'active_energy', 355, 'PhoneHealth', 'kcal'),
      row('2026-01-04', 'active_energy_total', 410, 'PhoneHealth', 'kcal'),
      // No twin this day, two apps: no value (never 655, never 327.5).
      row('2026-01-03', 'active_energy', 300, 'PhoneHealth', 'kcal'),
      row('2026-01-03', 'active_energy', 355, 'PhoneHealth', 'kcal'),
      // No twin, one app: that app's row as it is.
      row('2026-01-02', 'active_energy', 0.1 + 0.2, 'PhoneHealth', 'kcal'),
    ];
    const [line, ...rest] = await summarize([rows]);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      metric: 'active_energy',
      rule: 'twin',
      from: 'active_energy_total',
      days: 2,
      rows: 2,
      rowsLeftOut: 4,
      noTotal: [{ date: '2026-01-03', rows: 2 }],
    });
    expect((line?.daily as NumericDay[]).map((d) => [d.date, d.basis, d.value])).toEqual([
      ['2026-01-02', 'single', 0.1 + 0.2],
      ['2026-01-04', 'total', 410],
    ]);
    expect(line?.stats).toMatchObject({ min: 0.1 + 0.2, max: 410, median: (0.1 + 0.2 + 410) / 2 });
  });

  it('reports a twin asked for alone under its own name', async () => {
    const rows = [row('2026-01-02', 'steps_total', 8000)];
    const lines = await summarize([rows], {
      catalog: ['steps', 'steps_total'],
      metrics: ['steps_total'],
    });
    expect(lines.map((l) => [l.metric, l.rule])).toEqual([['steps_total', 'row']]);
  });

  it('keeps a provider without twin rows apart, as its own line', async () => {
    const rows = [
      row('2026-01-02', 'steps', 6000),
      row('2026-01-02', 'steps', 9000, 'WristBand'),
      row('2026-01-02', 'steps_total', 7000),
    ];
    const lines = await summarize([rows]);
    expect(lines.map((l) => [l.metric, l.provider, l.rule, l.stats?.max])).toEqual([
      ['steps', 'PhoneHealth', 'twin', 7000],
      ['steps', 'WristBand', 'row', 9000],
    ]);
  });

  it('takes the mean of several rows a day without a twin, and its statistics over days', async () => {
    const rows = [
      row('2026-01-02', 'walking_heart_rate', 100, 'PhoneHealth', 'bpm'),
      row('2026-01-02', 'walking_heart_rate', 120, 'PhoneHealth', 'bpm'),
      row('2026-01-01', 'walking_heart_rate', 90, 'PhoneHealth', 'bpm'),
    ];
    const [line] = await summarize([rows]);
    expect(line).toMatchObject({
      rule: 'several',
      unit: 'bpm',
      rowsPerDay: { min: 1, max: 2 },
      // Over the daily values 90 and 110: each day counts once, never each row.
      stats: { min: 90, mean: 100, median: 100, max: 110 },
    });
    expect(line?.daily).toEqual([
      { date: '2026-01-01', value: 90, basis: 'single', rows: 1, min: 90, max: 90 },
      { date: '2026-01-02', value: 110, basis: 'several', rows: 2, min: 100, max: 120 },
    ]);
  });

  it('counts text values instead of averaging them', async () => {
    const rows = [
      row('2026-01-03', 'mood', 'calm', 'MindfulApp'),
      row('2026-01-02', 'mood', 'tired', 'MindfulApp'),
      row('2026-01-01', 'mood', 'calm', 'MindfulApp'),
    ];
    const [line] = await summarize([rows]);
    expect(line).toMatchObject({ rule: 'text', stats: null, rows: 3, days: 3 });
    expect(line?.topValues).toEqual([
      { value: 'calm', count: 2 },
      { value: 'tired', count: 1 },
    ]);
    expect((line?.latest as TextDay).values).toEqual(['calm']);
  });

  it('takes an even median from the two middle days, and reads async pages', async () => {
    async function* pages() {
      yield [
        row('2026-01-04', 'weight', 80, 'ScaleCo', 'kg'),
        row('2026-01-03', 'weight', 79, 'ScaleCo', 'kg'),
      ];
      yield [
        row('2026-01-02', 'weight', 82, 'ScaleCo', 'kg'),
        row('2026-01-01', 'weight', 81, 'ScaleCo', 'kg'),
      ];
    }
    const [line] = await summarize(pages());
    expect(line?.stats).toEqual({ min: 79, mean: 80.5, median: 80.5, max: 82 });
    expect((line?.latest as NumericDay).value).toBe(80);
  });
});

describe('SeveralRowsDetector', () => {
  it('finds several rows for one date and provider, across pages and interleaved providers', () => {
    const d = new SeveralRowsDetector();
    d.scan([row('2026-01-02', 'hrv', 50, 'A'), row('2026-01-02', 'hrv', 51, 'B')]);
    d.scan([row('2026-01-01', 'hrv', 52, 'A'), row('2026-01-01', 'hrv', 53, 'B')]);
    expect(d.found.size).toBe(0);
    d.scan([row('2026-01-01', 'steps', 1, 'A'), row('2026-01-01', 'hrv', 54, 'A')]);
    expect([...d.found]).toEqual([['hrv', { date: '2026-01-01', provider: 'A', stream: false }]]);
  });

  it('finds the same reading a proven page off its text as reading its rows', () => {
    const name = fc.constantFrom('A', 'B', 'Ring "W"', 'Wrist\\Band', 'é😀', '', 'hrv');
    const arbitraryRow = fc.record({
      date: fc.constantFrom('2026-01-03', '2026-01-02', '2026-01-01'),
      provider: name,
      metric: name,
      numValue: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 5 })),
      textValue: fc.oneof(fc.constant(null), name),
      unit: fc.oneof(fc.constant(null), name),
      stream: fc.boolean(),
    });
    let proven = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(arbitraryRow, { maxLength: 12 }), { maxLength: 4 }),
        (pages) => {
          const byRows = new SeveralRowsDetector();
          const byText = new SeveralRowsDetector();
          for (const rows of pages) {
            // Newest first, as the API sends them.
            rows.sort((a, b) => b.date.localeCompare(a.date));
            byRows.scan(rows);
            const page = provePage(`{"data":${JSON.stringify(rows)},"next_cursor":null}`);
            expect(page).toBeDefined();
            byText.scanPage(textPage(page!.rows, null, undefined));
            proven++;
          }
          expect([...byText.found]).toEqual([...byRows.found]);
          for (const m of ['A', 'B', 'Ring "W"', 'Wrist\\Band', 'é😀', '', 'hrv']) {
            expect(byText.seen(m)).toBe(byRows.seen(m));
          }
        },
      ),
      { numRuns: 2_000 },
    );
    expect(proven).toBeGreaterThan(1_000);
  });

  it('is quiet for one row a day per provider, and for text rows', () => {
    const d = new SeveralRowsDetector();
    d.scan([row('2026-01-02', 'workout', 'Run'), row('2026-01-02', 'workout', 'Swim')]);
    d.scan([row('2026-01-02', 'steps_total', 1), row('2026-01-01', 'steps_total', 2)]);
    expect(d.found.size).toBe(0);
    expect(d.seen('steps_total')).toBe(true);
  });
});

describe('severalRowsNotice', () => {
  const apps = { date: '2026-01-02', provider: 'PhoneHealth', stream: false };
  const samples = { date: '2026-01-02', provider: 'WristBand', stream: true };
  it('says the rule once, naming every metric and what to read for each', () => {
    const line = severalRowsNotice([
      { metric: 'distance', example: apps, twin: true },
      { metric: 'hr', example: samples, twin: false },
      { metric: 'steps', example: apps, twin: true },
    ]);
    expect(line).toBe(
      "notice: several rows a day for distance, hr, steps must not be added up (one per source app, or samples through the day); for daily totals use -m distance_total,steps_total; 'healthdata daily -m hr' gives each day's value.",
    );
  });

  it('names a twin only when it exists, and never a twin of a twin', () => {
    const unsure = severalRowsNotice([{ metric: 'hr', example: apps, twin: undefined }]);
    expect(unsure).toContain(
      "-m hr_total if your catalog has it (the daily total), else 'healthdata daily -m hr'",
    );
    const none = severalRowsNotice([{ metric: 'hr', example: apps, twin: false }]);
    expect(none).not.toContain('hr_total');
    const twin = severalRowsNotice([{ metric: 'steps_total', example: apps, twin: undefined }]);
    expect(twin).toBe(
      'notice: several rows a day for steps_total must not be added up (one per source app).',
    );
  });

  it('stays one line for a server with thousands of such metrics', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      metric: `m${i}`,
      example: apps,
      twin: false,
    }));
    const line = severalRowsNotice(many);
    expect(line).toContain('m0, m1, m2, m3, m4, m5, m6, m7, m8, m9 and 4990 more must not');
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThan(300);
  });
});
