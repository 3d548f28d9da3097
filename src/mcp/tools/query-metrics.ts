// query_metrics: the rows across every page, compact, within the answer budget.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { DropTally } from '../../api/dropped.ts';
import { droppedNote, sentence } from '../notes.ts';
import { afterCheck, fetchNameCheck } from '../../api/name-check.ts';
import { paginate } from '../../api/pagination/paginate.ts';
import type { FetchPage } from '../../api/pagination/types.ts';
import type { Meta, MetricRow, MetricsQuery } from '../../api/types.ts';
import { MAX_ROWS, RowBudget, type Series } from '../compact-rows.ts';
import type { ToolDeps } from '../deps.ts';
import { addDays, localDate } from '../../lib/dates.ts';
import { SeveralRowsDetector, twinOf } from '../../daily/index.ts';
import { echoQuery, toQuery } from '../query-input.ts';
import {
  RULE,
  clampSchema,
  notesSchema,
  querySchema,
  rangeFields,
  windowSchema,
} from '../schemas.ts';
import { answer, respond } from '../tool-result.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

const PAGE_SIZE = 1000;

// Strict: a misspelt argument (`metric` for `metrics`) is an error the model can correct,
// not a key silently dropped into an unfiltered answer.
const inputSchema = z.strictObject({
  ...rangeFields,
  limit: z
    .number()
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be from 1 to ${MAX_ROWS}` })
    .max(MAX_ROWS, {
      error: `limit must be from 1 to ${MAX_ROWS}: one answer holds at most ${MAX_ROWS} rows — narrow the query (metrics, providers, from/to) instead`,
    })
    .optional()
    .describe(`Most rows to return, 1-${MAX_ROWS} (default ${MAX_ROWS}). Newest rows come first.`),
});

const outputSchema = z.object({
  series: z
    .array(
      z.object({
        provider: z.string(),
        metric: z.string(),
        unit: z.string().nullable(),
        stream: z.boolean().describe('True for samples of a stream (many a day).'),
        date: z.array(z.string()).describe('The date of each row, newest first.'),
        value: z.array(z.number().nullable()).describe('numValue of each row, same order.'),
        text: z
          .array(z.string().nullable())
          .optional()
          .describe('textValue of each row, same order; only for series with text values.'),
      }),
    )
    .describe(
      'The rows, grouped by provider, metric, unit and stream: row i of a series is date[i], value[i] (and text[i]). Rows on the same date in one series are separate rows (e.g. one per source app): never add them up.',
    ),
  row_count: z.number().int(),
  newest_date: z.string().nullable(),
  oldest_date: z.string().nullable(),
  complete: z
    .boolean()
    .describe('True when every matching row is here; false when some were left out (see notes).'),
  left_out_by: z
    .enum(['limit', 'size_cap'])
    .nullable()
    .describe('Why rows were left out: the limit argument, or the answer size cap.'),
  query: querySchema,
  window: windowSchema,
  clamp: clampSchema,
  notes: notesSchema,
});

export type QueryMetricsOutput = z.infer<typeof outputSchema>;

export function registerQueryMetrics(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'query_metrics',
    {
      title: 'Query health metric rows',
      description: `Returns the user's own health metric rows, newest first, following every page of the API, with the plan's history window. Filter by metrics, providers and a from/to date range (inclusive). ${RULE} Rows come grouped into series (provider, metric, unit) with parallel date and value arrays. One answer holds at most ${MAX_ROWS} rows (fewer when they are wide, to stay well under 25,000 tokens): when rows are left out, \`complete\` is false and \`notes\` say how to narrow the query. For daily values over weeks or months, daily_summary gives a much smaller answer.`,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const query = toQuery(args, deps.now());
        const out = await queryMetrics(deps, query, args.limit, signal);
        return answer(summarize(out), out);
      }),
  );
}

export async function queryMetrics(
  deps: ToolDeps,
  query: MetricsQuery,
  limit: number | undefined,
  signal: AbortSignal,
): Promise<QueryMetricsOutput> {
  const client = await deps.client();
  const fetchPage: FetchPage = (q, cursor, size, s) => client.fetchMetricsPage(q, cursor, size, s);
  // Names are checked against the catalog beside the first page: a typo is an error result.
  const stop = new AbortController();
  const fetching = AbortSignal.any([signal, stop.signal]);
  const named = query.metric !== undefined || query.provider !== undefined;
  const check = named ? fetchNameCheck(client, query, fetching) : undefined;
  check?.catch(() => undefined);
  const tally = new DropTally();
  const maxRows = limit ?? MAX_ROWS;
  const budget = new RowBudget(maxRows);
  const detector = new SeveralRowsDetector();
  let meta: Meta | undefined;
  let leftOut: 'limit' | 'size_cap' | null = null;
  // Stop fetching as soon as the budget is spent: breaking out ends the generator, which
  // aborts the request in flight.
  const pages = paginate(fetchPage, query, {
    pageSize: Math.min(PAGE_SIZE, maxRows),
    maxRows,
    signal: fetching,
    tally,
  });
  for await (const page of check ? afterCheck(pages, check, () => stop.abort()) : pages) {
    meta ??= page.meta;
    let kept = 0;
    while (kept < page.data.length && budget.add(page.data[kept] as MetricRow)) kept += 1;
    detector.scan(kept === page.data.length ? page.data : page.data.slice(0, kept));
    if (budget.full !== null) {
      leftOut = budget.full === 'size' || limit === undefined ? 'size_cap' : 'limit';
      break;
    }
    if (page.cut) leftOut = limit === undefined ? 'size_cap' : 'limit';
  }
  const window = planWindow(meta);
  const clamp = clampOf(query.from, meta);
  const notes: string[] = check ? (await check).absent.map(sentence) : [];
  const dropped = droppedNote(tally);
  if (dropped !== undefined) notes.push(dropped);
  if (clamp) notes.push(clampNote(clamp, window));
  notes.push(...severalRowsNotes(detector, budget.series()));
  if (leftOut) {
    notes.push(leftOutNote(leftOut, budget.rows, budget.oldest, budget.newest, limit));
  }
  if (budget.rows === 0) notes.push(emptyNote(query, window, localDate(deps.now())));
  return {
    series: budget.series(),
    row_count: budget.rows,
    newest_date: budget.newest ?? null,
    oldest_date: budget.oldest ?? null,
    complete: leftOut === null,
    left_out_by: leftOut,
    query: echoQuery(query),
    window,
    clamp,
    notes,
  };
}

/** One note per metric with several rows on one day for one provider: never add them up. */
function severalRowsNotes(detector: SeveralRowsDetector, series: readonly Series[]): string[] {
  const here = new Set(series.map((s) => s.metric));
  return [...detector.found].map(([metric, { date, provider }]) => {
    const twin = twinOf(metric);
    const use = here.has(twin)
      ? `use ${twin} (in this answer), the de-duplicated daily total`
      : `for a daily total use ${twin} if list_metrics shows it, or daily_summary`;
    return `${metric} has several rows on one day for one provider (e.g. ${provider}, ${date}): one per source app (or samples). Never add them up; ${use}.`;
  });
}

function leftOutNote(
  why: 'limit' | 'size_cap',
  count: number,
  oldest: string | undefined,
  newest: string | undefined,
  limit: number | undefined,
): string {
  // to: oldest moves on only when the answer spans several days; within one day it would give
  // the same rows again, so the next call must start the day before (the API has no offset
  // within a day).
  const more =
    oldest === undefined
      ? ''
      : oldest === newest
        ? ` All ${count} rows here are from ${oldest}. For older days call again with to: "${addDays(oldest, -1)}"; any other rows of ${oldest} need a larger limit or a narrower query.`
        : ` Older rows exist: call again with to: "${oldest}" for them (rows of ${oldest} may then repeat).`;
  if (why === 'limit') {
    return `Only the ${count} newest matching rows are here, as limit ${limit} asked; more rows match. Raise limit (up to ${MAX_ROWS}) or narrow the query.${more}`;
  }
  return `Rows were left out: one answer holds at most ${MAX_ROWS} rows (fewer when they are wide, to stay well under 25,000 tokens), and these ${count} rows are the newest that fit. Narrow the query (fewer metrics, a provider, a shorter from/to range), or use daily_summary for daily values.${more}`;
}

function emptyNote(
  query: MetricsQuery,
  window: ReturnType<typeof planWindow>,
  today: string,
): string {
  if (query.from !== undefined && query.from > today) {
    return `No rows match: from (${query.from}) is after today (${today}), so there is no data yet. Use a date on or before today.`;
  }
  const floor = window?.history_floor ? ` The plan reaches back to ${window.history_floor}.` : '';
  const names = query.metric ? ' Check the metric names with list_metrics (names are exact).' : '';
  return `No rows match.${names}${floor}`;
}

function summarize(out: QueryMetricsOutput): string {
  const span = out.oldest_date ? ` from ${out.oldest_date} to ${out.newest_date}` : '';
  const status = out.complete ? 'all matching rows' : 'INCOMPLETE, rows left out (see notes)';
  return `${out.row_count} rows${span} in ${out.series.length} series, newest first (${status}).`;
}
