// A server's names, units and text values can be any length: the summary table, its stacked
// form and the chart still fit the terminal, line by line.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../../src/api/types.ts';
import { summarize } from '../../src/daily/index.ts';
import { renderCharts } from '../../src/output/chart/render.ts';
import { summaryTable } from '../../src/output/summary/table.ts';

const LONG_UNIT = 'u'.repeat(5000);
const LONG_NAME = `${'heart_rate_'.repeat(40)}x`;
const WIDE = '体重'.repeat(300);

function rows(): MetricRow[] {
  const out: MetricRow[] = [];
  for (let d = 1; d <= 9; d++) {
    const date = `2026-11-0${d}`;
    const base = { date, textValue: null, stream: false };
    out.push({ ...base, provider: 'P', metric: 'steps', numValue: d * 100, unit: LONG_UNIT });
    out.push({ ...base, provider: WIDE, metric: LONG_NAME, numValue: d, unit: 'bpm' });
    out.push({
      ...base,
      provider: 'P',
      metric: 'note',
      numValue: null,
      unit: null,
      textValue: `${'v'.repeat(3000)} ${d}`,
    });
  }
  return out;
}

const widest = (text: string): number => Math.max(...text.split('\n').map((l) => stringWidth(l)));

describe('long server strings on a terminal', () => {
  it('summary: every line fits, wide table or stacked blocks', async () => {
    const summaries = await summarize([rows()]);
    for (const width of [60, 80, 120, 200, 400]) {
      const spark = { from: '2026-11-01', to: '2026-11-09', width: 12 };
      const text = await summaryTable(summaries, { width, sparkline: spark });
      expect(widest(text), `at ${width} columns`).toBeLessThanOrEqual(width);
      // Cut, not dropped: every line is still there, its name's start too.
      expect(text).toContain('heart_rate_hear');
      expect(text).toContain('note');
    }
  });

  it('summary: an ordinary table is not cut', async () => {
    const ordinary = rows()
      .filter((r) => r.metric === 'steps')
      .map((r) => ({ ...r, unit: 'count', metric: 'resting_heart_rate_variability' }));
    const summaries = await summarize([ordinary]);
    const text = await summaryTable(summaries, { width: 400 });
    expect(text).not.toContain('…');
  });

  it('chart: titles wrap and the unit is cut to the width', async () => {
    const summaries = (await summarize([rows()])).filter((s) => s.rule !== 'text');
    for (const width of [40, 80, 120]) {
      const text = renderCharts(summaries, {
        range: { from: '2026-11-01', to: '2026-11-09' },
        width,
        height: 5,
        colors: [],
        format: String,
      });
      expect(widest(text), `at ${width} columns`).toBeLessThanOrEqual(width);
    }
  });
});
