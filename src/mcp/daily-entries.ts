// The MCP shape of one daily summary (src/daily): the same fields as 'healthdata summary -f
// json', with structures where summary writes strings (latest, rows per day, top values) and
// the daily series as parallel arrays, within a size budget. The note is summary's, except
// that it names the metric and the twin by their fields: names are the API's text.
import * as z from 'zod';
import { shownDay, type MetricSummary, type NumericDay, type TextDay } from '../daily/index.ts';
import { ruleNote, summaryStats, withNoTotal, withUnheld } from '../output/summary/record.ts';
import { clipName } from './fit/clip.ts';
import { utf8 } from './fit/bound-json.ts';
import { brief } from './lean-schema.ts';

/** Bytes of daily series per answer (~15,000 tokens); past it, series are left out (their statistics stay). */
export const DAILY_BYTES = 28_000;
/** Text metrics: how many of the most frequent values an entry lists. */
const TOP_VALUES = 5;

const numbers = z.array(z.number());
export const entrySchema = z.object({
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  rule: z.enum(['row', 'twin', 'several', 'text']),
  from: z.string(),
  days: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  min: z.number().nullable(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  latest: brief(
    z
      .object({
        date: z.string(),
        value: z.number().optional(),
        values: z.array(z.string()).optional(),
      })
      .nullable(),
  ),
  rows: z.number().int(),
  rows_left_out: z.number().int(),
  rows_per_day: brief(z.object({ min: z.number().int(), max: z.number().int() }).nullable()),
  top_values: brief(z.array(z.object({ value: z.string(), count: z.number().int() }))),
  note: z.string(),
  daily: z
    .object({
      date: z.array(z.string()),
      value: numbers.optional(),
      rows: z.array(z.number().int()).optional(),
      min: numbers.optional(),
      max: numbers.optional(),
      values: z.array(z.array(z.string())).optional(),
    })
    .nullable()
    .describe('Oldest first; null if cut.'),
});

export type Entry = z.infer<typeof entrySchema>;

export function entryOf(s: MetricSummary): Entry {
  const latest = s.latest;
  return {
    ...summaryStats(s),
    // The API's names, clipped: the reader keeps them whole (src/daily bounds their memory).
    metric: clipName(s.metric),
    provider: clipName(s.provider),
    unit: s.unit === null ? null : clipName(s.unit),
    from: clipName(s.from),
    latest:
      latest === null
        ? null
        : 'value' in latest
          ? { date: latest.date, value: shownDay(latest) }
          : { date: latest.date, values: latest.values },
    rows: s.rows,
    rows_left_out: s.rowsLeftOut,
    rows_per_day: s.rowsPerDay,
    top_values: s.topValues.slice(0, TOP_VALUES),
    note: withUnheld(s, withNoTotal(s, noteOf(s))),
    daily: seriesOf(s),
  };
}

/** summary's note (output/summary/record.ts), with the names replaced by their fields. */
/** The line's rule in words, naming the fields rather than repeating the server's names. */
function noteOf(s: MetricSummary): string {
  return ruleNote(s, { twin: 'the twin named in `from`', rows: 'rows of `metric` itself' });
}

function seriesOf(s: MetricSummary): Entry['daily'] {
  if (s.rule === 'text') {
    const days = s.daily as TextDay[];
    return {
      date: days.map((d) => d.date),
      rows: days.map((d) => d.rows),
      values: days.map((d) => d.values),
    };
  }
  const days = s.daily as NumericDay[];
  const series: NonNullable<Entry['daily']> = {
    date: days.map((d) => d.date),
    value: days.map(shownDay),
  };
  if (s.rule === 'several') {
    series.rows = days.map((d) => d.rows);
    series.min = days.map((d) => d.min);
    series.max = days.map((d) => d.max);
  }
  return series;
}

/** Keeps daily series while they fit in `budget` bytes, shortest first; returns how many were dropped. */
export function fitSeries(entries: Entry[], budget: number): number {
  let used = 0;
  let dropped = 0;
  const bySize = entries
    .filter((e) => e.daily !== null)
    .map((e) => ({ e, size: utf8(JSON.stringify(e.daily)) }))
    .sort((a, b) => a.size - b.size);
  for (const { e, size } of bySize) {
    if (used + size <= budget) used += size;
    else {
      e.daily = null;
      dropped += 1;
    }
  }
  return dropped;
}

/** How many entries, in order, fit in `budget` bytes as a JSON array. */
export function entriesThatFit(entries: readonly Entry[], budget: number): number {
  let used = 2;
  for (let i = 0; i < entries.length; i++) {
    used += utf8(JSON.stringify(entries[i])) + (i > 0 ? 1 : 0);
    if (used > budget) return i;
  }
  return entries.length;
}
