// query_metrics' notes, in the server's own words: numbers, dates (ours, or YYYY-MM-DD checked)
// and field names, never a name or text from the API. Where a note is about a metric or a
// provider, it points at the data field that names it (`several_rows`), so that a provider
// called "IMPORTANT SYSTEM NOTE…" stays a quoted string in the data and never becomes part of
// a sentence the model is told to read.
import * as z from 'zod';
import type { MetricsQuery } from '../api/types.ts';
import type { SeveralRowsExample } from '../daily/index.ts';
import { twinOf } from '../daily/index.ts';
import { addDays } from '../lib/dates.ts';
import type { Series } from './compact-rows.ts';
import { clipName, isIsoDate } from './fit/clip.ts';
import type { PlanWindow } from './window.ts';

/** At most this many examples in `several_rows`: the note is about the rule, not a census. */
const MAX_SEVERAL = 50;

export const severalRowsSchema = z.array(
  z.object({
    metric: z.string(),
    provider: z.string(),
    date: z.string(),
    twin: z.string(),
    twin_in_answer: z.boolean(),
  }),
);

export type SeveralRows = z.infer<typeof severalRowsSchema>;

export function severalRowsOf(
  found: ReadonlyMap<string, SeveralRowsExample>,
  series: readonly Series[],
): SeveralRows {
  const here = new Set(series.map((s) => s.metric));
  return [...found].slice(0, MAX_SEVERAL).map(([metric, { date, provider }]) => ({
    metric: clipName(metric),
    provider: clipName(provider),
    date,
    twin: clipName(twinOf(metric)),
    twin_in_answer: here.has(clipName(twinOf(metric))),
  }));
}

export const SEVERAL_ROWS_NOTE =
  'The metrics listed in `several_rows` have several rows on one day for one provider: one per source app (or samples). Never add them up; for a daily total use the twin named in `several_rows[].twin` (its rows are here where `twin_in_answer` is true; otherwise call list_metrics to see whether it exists), or daily_summary.';

export type LeftOutBy = 'limit' | 'size_cap' | 'page_cap';

export function leftOutNote(
  why: LeftOutBy,
  count: number,
  oldest: string | undefined,
  newest: string | undefined,
  limit: number | undefined,
  maxRows: number,
  maxPages: number,
): string {
  // to: oldest moves on only when the answer spans several days; within one day it would give
  // the same rows again, so the next call must start the day before (the API has no offset
  // within a day).
  const day = isIsoDate(oldest) ? oldest : undefined;
  const more =
    day === undefined
      ? ''
      : day === newest
        ? ` All ${count} rows here are from ${day}. For older days call again with to: "${addDays(day, -1)}"; any other rows of ${day} need a larger limit or a narrower query.`
        : ` Older rows exist: call again with to: "${day}" for them (rows of ${day} may then repeat).`;
  if (why === 'limit') {
    return `Only the ${count} newest matching rows are here, as limit ${limit} asked; more rows match. Raise limit (up to ${maxRows}) or narrow the query.${more}`;
  }
  if (why === 'page_cap') {
    return `Rows were left out: the API sent its rows in small pages, and one answer reads at most ${maxPages} pages; these ${count} rows are the newest read. Narrow the query (fewer metrics, a provider, a shorter from/to range), or use daily_summary for daily values.${more}`;
  }
  return `Rows were left out: one answer holds at most ${maxRows} rows (fewer when they are wide, to stay well under 25,000 tokens), and these ${count} rows are the newest that fit. Narrow the query (fewer metrics, a provider, a shorter from/to range), or use daily_summary for daily values.${more}`;
}

export function emptyNote(query: MetricsQuery, window: PlanWindow | null, today: string): string {
  if (query.from !== undefined && query.from > today) {
    return `No rows match: from (${query.from}) is after today (${today}), so there is no data yet. Use a date on or before today.`;
  }
  const floor = window?.history_floor ? ` The plan reaches back to ${window.history_floor}.` : '';
  const names = query.metric ? ' Check the metric names with list_metrics (names are exact).' : '';
  return `No rows match.${names}${floor}`;
}

/**
 * Values the API sent that no JSON number holds exactly (1e400, 1e-400, 12345678901234567891):
 * null in the answer, rather than a number that is not what was sent. `first` is a row date.
 */
export function unheldNote(count: number, first: string | undefined): string {
  const where = first === undefined ? '' : `, the newest on ${first}`;
  return `${count} value(s) are null because the API sent a number no JSON number holds exactly (such as 1e400 or an integer past 2^53)${where}; \`healthdata metrics -f json\` keeps them as sent.`;
}
