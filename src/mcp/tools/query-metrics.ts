// query_metrics: the rows across every page, compact, within the answer budget.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import { DropTally } from '../../api/dropped.ts';
import { droppedNote, sentence } from '../notes.ts';
import { afterCheck } from '../../api/name-check.ts';
import { cachedNameCheck } from '../catalog-cache.ts';
import { paginate } from '../../api/pagination/paginate.ts';
import type { FetchPage } from '../../api/pagination/types.ts';
import type { Meta, MetricsQuery } from '../../api/types.ts';
import { MAX_ROW_BYTES, MAX_ROWS, RowBudget } from '../compact-rows.ts';
import { RowIntake } from '../row-intake.ts';
import type { ToolDeps } from '../deps.ts';
import { linkedController } from '../../lib/abort.ts';
import { localDate } from '../../lib/dates.ts';
import { capOf } from '../fit/caps.ts';
import {
  emptyNote,
  leftOutNote,
  SEVERAL_ROWS_NOTE,
  severalRowsOf,
  severalRowsSchema,
  unheldNote,
  type LeftOutBy,
} from '../query-notes.ts';
import { echoQuery, toQuery } from '../query-input.ts';
import { RULE_BRIEF, echoFields, rangeFields, READ_ONLY } from '../schemas.ts';
import { answer, dataRoom, respond } from '../tool-result.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

const PAGE_SIZE = 1000;
/**
 * Pages one answer reads at most. Two pages of 1000 hold a full answer; a server that sends
 * small pages (or rows of nothing but new cursors) is read this far and no further.
 */
export const MAX_PAGES = 50;
/** Bytes kept for the plan window in the answer: its plan name is clipped to 200 characters. */
const WINDOW_ROOM = 1024;

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
    .describe(`Most rows, newest first (default ${MAX_ROWS}).`),
});

const outputSchema = z.object({
  series: z
    .array(
      z.object({
        provider: z.string(),
        metric: z.string(),
        unit: z.string().nullable(),
        stream: z.boolean(),
        date: z.array(z.string()),
        value: z.array(z.number().nullable()),
        text: z.array(z.string().nullable()).optional(),
      }),
    )
    .describe('Row i is date[i], value[i], text[i]; rows of one date: never add up.'),
  row_count: z.number().int(),
  newest_date: z.string().nullable(),
  oldest_date: z.string().nullable(),
  complete: z.boolean(),
  left_out_by: z.enum(['limit', 'size_cap', 'page_cap']).nullable(),
  several_rows: severalRowsSchema,
  ...echoFields,
});

export type QueryMetricsOutput = z.infer<typeof outputSchema>;

export function registerQueryMetrics(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'query_metrics',
    {
      description: `Raw rows, newest first: a few metrics over days or weeks, or each source app's row. ${RULE_BRIEF} For daily values use daily_summary.`,
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const query = toQuery(args, deps.now());
        const out = await queryMetrics(deps, query, args.limit, signal);
        return answer(summarize(out), out, capOf('query_metrics', deps.maxAnswerBytes));
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
  // Names are checked against the catalog beside the first page (or against a recent read of
  // it, catalog-cache.ts): a typo is an error result. The call's own signal lives as long as
  // the call: no need to stop following it.
  const { controller: stop, signal: fetching } = linkedController(signal);
  const named = query.metric !== undefined || query.provider !== undefined;
  const check = named ? cachedNameCheck(client, query, deps.now(), fetching) : undefined;
  check?.catch(() => undefined);
  const tally = new DropTally();
  const maxRows = limit ?? MAX_ROWS;
  // What the answer holds besides the rows comes off the cap first; the rows get most of
  // the rest (never more than the row budget), the examples of several rows a day the rest.
  const cap = capOf('query_metrics', deps.maxAnswerBytes);
  const echo = echoQuery(query, cap / 12);
  const bare = { ...emptyOutput(), query: echo };
  const room = dataRoom(cap, summarize(bare), bare) - WINDOW_ROOM;
  const budget = new RowBudget(maxRows, Math.min(MAX_ROW_BYTES, Math.floor(room * 0.7)));
  const rows = new RowIntake(budget);
  let meta: Meta | undefined;
  let leftOut: LeftOutBy | null = null;
  let pages = 0;
  // Stop fetching as soon as the budget is spent: breaking out ends the generator, which
  // aborts the request in flight.
  const stream = paginate(fetchPage, query, {
    pageSize: Math.min(PAGE_SIZE, maxRows),
    maxRows,
    signal: fetching,
    tally,
  });
  for await (const page of check ? afterCheck(stream, check, () => stop.abort()) : stream) {
    meta ??= page.meta;
    pages += 1;
    rows.page(page);
    if (budget.full !== null) {
      leftOut = budget.full === 'size' || limit === undefined ? 'size_cap' : 'limit';
      break;
    }
    if (page.cut) leftOut = limit === undefined ? 'size_cap' : 'limit';
    else if (pages >= MAX_PAGES && page.next_cursor !== null) {
      leftOut = 'page_cap';
      break;
    }
  }
  const window = planWindow(meta);
  const clamp = clampOf(query.from, window);
  const series = budget.series();
  const several = severalRowsOf(rows.detector.found, series);
  const notes: string[] = check ? (await check).absent.map(sentence) : [];
  const dropped = droppedNote(tally);
  if (dropped !== undefined) notes.push(dropped);
  if (clamp) notes.push(clampNote(clamp, window));
  if (several.length > 0) notes.push(SEVERAL_ROWS_NOTE);
  const unheld = budget.unheld;
  if (unheld.count > 0) notes.push(unheldNote(unheld.count, unheld.first));
  if (leftOut) {
    notes.push(
      leftOutNote(leftOut, budget.rows, budget.oldest, budget.newest, limit, MAX_ROWS, MAX_PAGES),
    );
  }
  if (budget.rows === 0) notes.push(emptyNote(query, window, localDate(deps.now())));
  return {
    series,
    row_count: budget.rows,
    newest_date: budget.newest ?? null,
    oldest_date: budget.oldest ?? null,
    complete: leftOut === null,
    left_out_by: leftOut,
    several_rows: several,
    query: echo,
    window,
    clamp,
    notes,
  };
}

function emptyOutput(): QueryMetricsOutput {
  return {
    series: [],
    row_count: 0,
    newest_date: null,
    oldest_date: null,
    complete: false,
    left_out_by: null,
    several_rows: [],
    query: { metrics: null, providers: null, from: null, to: null },
    window: null,
    clamp: null,
    notes: [],
  };
}

/** Counts and dates only (row dates are YYYY-MM-DD, checked by the API layer). */
function summarize(out: QueryMetricsOutput): string {
  const span = out.oldest_date ? ` from ${out.oldest_date} to ${out.newest_date}` : '';
  const status = out.complete ? 'all matching rows' : 'INCOMPLETE, rows left out (see notes)';
  return `${out.row_count} rows${span} in ${out.series.length} series, newest first (${status}).`;
}
