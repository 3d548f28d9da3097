// Which days each source reported: per provider, how many of its metrics have data on each
// day of the range, and the runs of days with none. A gap is a day the API returned nothing
// for that provider (a watch left in a drawer, an app not opened), never a zero.
import type { MetricSummary } from '../daily/index.ts';
import { addDays, daysBetween } from '../lib/dates.ts';
import type { Axis } from './numeric.ts';
import type { ProviderCoverage } from './types.ts';

export function coverageOf(summaries: readonly MetricSummary[], axis: Axis): ProviderCoverage[] {
  const byProvider = new Map<string, { perDay: number[]; metrics: number }>();
  for (const s of summaries) {
    if (s.days === 0) continue;
    let entry = byProvider.get(s.provider);
    if (entry === undefined) {
      entry = { perDay: new Array<number>(axis.days).fill(0), metrics: 0 };
      byProvider.set(s.provider, entry);
    }
    entry.metrics++;
    for (const d of s.daily) {
      const i = daysBetween(axis.from, d.date);
      if (Number.isInteger(i) && i >= 0 && i < axis.days)
        entry.perDay[i] = (entry.perDay[i] ?? 0) + 1;
    }
  }
  return [...byProvider.entries()]
    .sort(([a], [b]) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    )
    .map(([provider, { perDay, metrics }]) => ({
      provider,
      metricsPerDay: perDay,
      metrics,
      daysWithData: perDay.filter((n) => n > 0).length,
      gaps: gapsOf(perDay, axis.from),
    }));
}

function gapsOf(perDay: readonly number[], from: string): ProviderCoverage['gaps'] {
  const gaps: ProviderCoverage['gaps'] = [];
  let start = -1;
  for (let i = 0; i <= perDay.length; i++) {
    const empty = i < perDay.length && perDay[i] === 0;
    if (empty && start < 0) start = i;
    if (!empty && start >= 0) {
      gaps.push({ from: addDays(from, start), to: addDays(from, i - 1), days: i - start });
      start = -1;
    }
  }
  return gaps;
}
