// daily_summary: one entry per metric and provider with its daily values, by the same rules
// and in the same words as `healthdata summary` (src/daily: the rules; output/summary: the
// note), streaming every page once. The daily series come as parallel arrays, within a budget.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { catalogMetrics } from '../../api/catalog.ts';
import { DropTally } from '../../api/dropped.ts';
import { catalogNames, checkNames } from '../../api/name-check.ts';
import { paginate } from '../../api/pagination/paginate.ts';
import type { Meta, MetricRow, MetricsQuery } from '../../api/types.ts';
import { summarize, twinOf } from '../../daily/index.ts';
import { DAILY_CHARS, entryOf, entrySchema, fitSeries } from '../daily-entries.ts';
import type { ToolDeps } from '../deps.ts';
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
import { droppedNote, sentence } from '../notes.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

// Strict, as for query_metrics: a misspelt argument is an error, never silently dropped.
const inputSchema = z.strictObject(rangeFields);

const outputSchema = z.object({
  entries: z.array(entrySchema),
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
      description: `Returns one entry per metric and provider over a date range: days with data, first and last date, min/mean/median/max of the daily value, the latest value, and the daily series — the same rules as 'healthdata summary'. ${RULE} The daily value follows that rule: one row a day is that row (rule row); where a <metric>_total twin exists it comes from the twin (asking for "steps" is answered from steps_total, rule twin); several rows a day with no twin are never summed (rule several: count/min/mean/max of the day's rows). Providers are never combined. Leave metrics out to summarise every metric.`,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const query = toQuery(args, deps.now());
        const out = await dailySummary(deps, query, signal);
        return answer(headline(out), out);
      }),
  );
}

export async function dailySummary(
  deps: ToolDeps,
  query: MetricsQuery,
  signal: AbortSignal,
): Promise<Output> {
  const client = await deps.client();
  const notes: string[] = [];
  // The catalog says which metrics have a twin, so `steps` can be read from `steps_total`.
  const { body } = await client.getJson('api/v1/catalog', undefined, signal);
  const catalog = catalogMetrics(body);
  const wanted = query.metric;
  // A typo is an error result naming the name meant; a name simply absent, a note.
  notes.push(...checkNames(query, catalogNames(body)).absent.map(sentence));
  if (!catalog)
    notes.push('The catalog could not be read: _total twins are used only when their rows arrive.');
  const fetched: MetricsQuery = wanted
    ? {
        ...query,
        metric: [
          ...new Set([
            ...wanted,
            ...wanted.map(twinOf).filter((t) => (catalog ? catalog.has(t) : true)),
          ]),
        ],
      }
    : query;
  let meta: Meta | undefined;
  const tally = new DropTally();
  const pages = async function* (): AsyncGenerator<readonly MetricRow[]> {
    for await (const page of paginate(
      (q, cursor, size, s) => client.fetchMetricsPage(q, cursor, size, s),
      fetched,
      { pageSize: 1000, signal, tally },
    )) {
      meta ??= page.meta;
      yield page.data;
    }
  };
  const summaries = await summarize(pages(), {
    ...(catalog ? { catalog: catalog.keys() } : {}),
    ...(wanted ? { metrics: wanted } : {}),
  });
  const entries = summaries.map(entryOf);
  const droppedRows = droppedNote(tally);
  if (droppedRows !== undefined) notes.push(droppedRows);
  const window = planWindow(meta);
  const clamp = clampOf(query.from, meta);
  if (clamp) notes.unshift(clampNote(clamp, window));
  if (entries.some((e) => e.rule === 'twin' || e.rule === 'several')) notes.push(RULE);
  const dropped = fitSeries(entries, DAILY_CHARS);
  if (dropped > 0) {
    notes.push(
      `The daily series of ${dropped} entries were left out to keep the answer small (their statistics are complete). Ask for fewer metrics or a shorter from/to range to get them.`,
    );
  }
  const missing = (wanted ?? []).filter((m) => !entries.some((e) => e.metric === m));
  if (missing.length > 0) notes.push(`No rows for ${missing.join(', ')} in this range.`);
  return { entries, query: echoQuery(query), window, clamp, notes };
}

function headline(out: Output): string {
  const twins = out.entries.filter((e) => e.rule === 'twin').length;
  const several = out.entries.filter((e) => e.rule === 'several').length;
  const parts = [`${out.entries.length} metric/provider entries`];
  if (twins) parts.push(`${twins} from a _total twin`);
  if (several) parts.push(`${several} with several rows a day (never summed)`);
  return `${parts.join('; ')}.`;
}
