// daily_summary: one entry per metric and provider with its daily values, by the API's rules
// (src/mcp/daily-values.ts), streaming every page once and keeping only per-day figures.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { paginate } from '../../api/pagination/paginate.ts';
import type { FetchPage } from '../../api/pagination/types.ts';
import type { Meta, MetricsQuery } from '../../api/types.ts';
import { DailyValues, type DailyEntry } from '../daily-values.ts';
import type { ToolDeps } from '../deps.ts';
import { echoQuery, toQuery } from '../query-input.ts';
import {
  clampSchema,
  fromField,
  metricsField,
  notesSchema,
  providersField,
  querySchema,
  RULE,
  toField,
  windowSchema,
} from '../schemas.ts';
import { answer, failure } from '../tool-result.ts';
import { TOTAL_SUFFIX } from '../twins.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

/** Characters of daily series per answer (~15,000 tokens); past it, series are left out (their statistics stay). */
export const DAILY_CHARS = 28_000;
/** A bound on rows read for one summary, so a huge history cannot pin the server. */
export const MAX_SCAN_ROWS = 2_000_000;

const inputSchema = z.object({
  metrics: metricsField.optional(),
  providers: providersField.optional(),
  from: fromField.optional(),
  to: toField.optional(),
});

const numbers = z.array(z.number());
const entrySchema = z.object({
  metric: z.string(),
  provider: z.string(),
  values_from: z
    .string()
    .describe('The metric the values come from: the <metric>_total twin when rule is total_twin.'),
  rule: z
    .enum(['one_row_a_day', 'total_twin', 'several_rows_a_day', 'text'])
    .describe(
      'How the daily value was made: the single row of each day; the de-duplicated _total twin; several rows a day that are never added up (per-day count/min/mean/max instead); or a text metric.',
    ),
  unit: z.string().nullable(),
  days: z.number().int().describe('Days with data.'),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  min: z.number().nullable(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  latest: z.object({ date: z.string(), value: z.number() }).nullable(),
  rows: z.number().int().describe('API rows read for this entry.'),
  max_rows_a_day: z.number().int(),
  top_values: z
    .array(z.object({ value: z.string(), count: z.number().int() }))
    .nullable()
    .describe('Text metrics: the most frequent values.'),
  daily: z
    .object({
      date: z.array(z.string()),
      value: numbers.optional(),
      count: numbers.optional(),
      min: numbers.optional(),
      mean: numbers.optional(),
      max: numbers.optional(),
    })
    .nullable()
    .describe(
      'The daily series, oldest first, as parallel arrays; null when left out for size (see notes).',
    ),
  note: z.string(),
});

const outputSchema = z.object({
  entries: z.array(entrySchema),
  complete: z.boolean().describe('False only if the scan stopped early (see notes).'),
  query: querySchema,
  window: windowSchema,
  clamp: clampSchema,
  notes: notesSchema,
});

type Output = z.infer<typeof outputSchema>;

export function registerDailySummary(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'daily_summary',
    {
      title: 'Daily values and statistics per metric',
      description: `Returns one entry per metric and provider over a date range: days with data, first and last date, min/mean/median/max of the daily value, the latest value, and the daily series. ${RULE} The daily value follows that rule: one row a day is that row; where a <metric>_total twin exists it comes from the twin (asking for "steps" is answered from steps_total, rule total_twin); several rows a day with no twin are never summed (rule several_rows_a_day: per-day count/min/mean/max). Providers are never combined. Leave metrics out to summarise every metric.`,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, ctx) => {
      try {
        const query = toQuery(args, deps.now());
        const signal = AbortSignal.any([deps.signal, ctx.mcpReq.signal]);
        const out = await dailySummary(deps, query, signal);
        return answer(summarize(out), out);
      } catch (error) {
        return failure(error, deps);
      }
    },
  );
}

export async function dailySummary(
  deps: ToolDeps,
  query: MetricsQuery,
  signal: AbortSignal,
): Promise<Output> {
  const client = await deps.client();
  const fetchPage: FetchPage = (q, cursor, size, s) => client.fetchMetricsPage(q, cursor, size, s);
  const wanted = query.metric;
  // Ask for each metric's twin too: it may hold the daily value.
  const fetched: MetricsQuery = wanted
    ? {
        ...query,
        metric: [
          ...new Set(
            wanted.flatMap((m) => (m.endsWith(TOTAL_SUFFIX) ? [m] : [m, `${m}${TOTAL_SUFFIX}`])),
          ),
        ],
      }
    : query;
  const values = new DailyValues();
  let meta: Meta | undefined;
  let complete = true;
  for await (const page of paginate(fetchPage, fetched, {
    pageSize: 1000,
    maxRows: MAX_SCAN_ROWS,
    signal,
  })) {
    meta ??= page.meta;
    for (const row of page.data) values.add(row);
    if (page.cut) complete = false;
  }
  const entries = values.entries(wanted);
  const window = planWindow(meta);
  const clamp = clampOf(query.from, meta);
  const notes: string[] = [];
  if (clamp) notes.push(clampNote(clamp, window));
  if (entries.some((e) => e.rule === 'total_twin' || e.rule === 'several_rows_a_day')) {
    notes.push(RULE);
  }
  const dropped = fitSeries(entries, DAILY_CHARS);
  if (dropped > 0) {
    notes.push(
      `The daily series of ${dropped} entries were left out to keep the answer small (their statistics are complete). Ask for fewer metrics or a shorter from/to range to get them.`,
    );
  }
  if (!complete) {
    notes.push(
      `The scan stopped after ${MAX_SCAN_ROWS} rows: the statistics cover only the newest rows. Narrow the query.`,
    );
  }
  const missing = (wanted ?? []).filter((m) => !entries.some((e) => e.metric === m));
  if (missing.length > 0) {
    notes.push(
      `No rows for ${missing.join(', ')} in this range. Check the names with list_metrics (names are exact).`,
    );
  }
  return { entries, complete, query: echoQuery(query), window, clamp, notes };
}

/** Keeps daily series while they fit in `budget` bytes, shortest first; returns how many were dropped. */
function fitSeries(entries: DailyEntry[], budget: number): number {
  let used = 0;
  let dropped = 0;
  const bySize = entries
    .filter((e) => e.daily !== null)
    .map((e) => ({ e, size: JSON.stringify(e.daily).length }))
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

function summarize(out: Output): string {
  const twins = out.entries.filter((e) => e.rule === 'total_twin').length;
  const several = out.entries.filter((e) => e.rule === 'several_rows_a_day').length;
  const parts = [`${out.entries.length} metric/provider entries`];
  if (twins) parts.push(`${twins} from a _total twin`);
  if (several) parts.push(`${several} with several rows a day (never summed)`);
  return `${parts.join('; ')}.`;
}
