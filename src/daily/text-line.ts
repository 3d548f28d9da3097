// A text metric's summary line (its values counted, never averaged), and the lazy daily series
// every line carries.
import type { SeriesAggregate } from './accumulate.ts';
import type { DayTable } from './day-table.ts';
import { compareText } from './order.ts';
import type { MetricSummary, NumericDay, TextDay } from './types.ts';

/** A text metric's line: every day with rows, its values counted, never averaged. */
export function textLine(
  series: SeriesAggregate,
  metric: string,
  unheldRows: number,
): MetricSummary {
  const days = series.days;
  const slots = days.byDate();
  let fewest = Infinity;
  let most = 0;
  for (const slot of slots) {
    const n = days.textRows[slot] as number;
    if (n < fewest) fewest = n;
    if (n > most) most = n;
  }
  const newest = slots.at(-1);
  const line: Omit<MetricSummary, 'daily'> = {
    metric,
    provider: series.provider,
    unit: series.unit,
    rule: 'text',
    from: series.metric,
    days: slots.length,
    first: slots.length === 0 ? null : (days.dates[slots[0] as number] as string),
    last: newest === undefined ? null : (days.dates[newest] as string),
    rows: series.textRows,
    rowsLeftOut: 0,
    rowsPerDay: most === 0 ? null : { min: fewest, max: most },
    samples: series.streamRows * 2 > series.numericRows + series.textRows,
    stats: null,
    latest: newest === undefined ? null : textDay(days, newest),
    topValues: [...series.textCounts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || compareText(a.value, b.value)),
    ...(series.longTextRows + series.uncountedTextRows > 0
      ? { textCut: { long: series.longTextRows, uncounted: series.uncountedTextRows } }
      : {}),
    ...(unheldRows > 0 ? { unheld: unheldRows } : {}),
  };
  return withDaily(line, () => slots.map((slot) => textDay(days, slot)));
}

/**
 * The daily series, made when first read (and then kept). A csv or table summary reads only
 * the stats and the newest day: an object per day of every line, made at the end, only added
 * to its peak memory. Enumerable, as a plain field: JSON and spreads see it.
 */
export function withDaily(
  line: Omit<MetricSummary, 'daily'>,
  make: () => NumericDay[] | TextDay[],
): MetricSummary {
  let daily: NumericDay[] | TextDay[] | undefined;
  Object.defineProperty(line, 'daily', {
    enumerable: true,
    configurable: true,
    get: () => (daily ??= make()),
  });
  return line as MetricSummary;
}

function textDay(days: DayTable, slot: number): TextDay {
  return {
    date: days.dates[slot] as string,
    rows: days.textRows[slot] as number,
    values: days.texts.get(slot) ?? [],
  };
}
