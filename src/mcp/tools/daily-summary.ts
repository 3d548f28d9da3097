// daily_summary: one entry per metric and provider with its daily values, by the same rules
// and in the same words as `healthdata summary` (src/daily: the rules; output/summary: the
// note), streaming every page once. The daily series come as parallel arrays, within a budget.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { catalogMetrics } from '../../api/catalog.ts';
import { paginate } from '../../api/pagination/paginate.ts';
import type { Meta, MetricRow, MetricsQuery } from '../../api/types.ts';
import {
  summarize,
  twinOf,
  type MetricSummary,
  type NumericDay,
  type TextDay,
} from '../../daily/index.ts';
import { UsageError } from '../../lib/errors.ts';
import { noteOf, round2 } from '../../output/summary/record.ts';
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
import { clampNote, clampOf, planWindow } from '../window.ts';

/** Characters of daily series per answer (~15,000 tokens); past it, series are left out (their statistics stay). */
export const DAILY_CHARS = 28_000;
/** Text metrics: how many of the most frequent values an entry lists. */
const TOP_VALUES = 5;

const inputSchema = z.object(rangeFields);

const numbers = z.array(z.number());
const entrySchema = z.object({
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  rule: z
    .enum(['row', 'twin', 'several', 'text'])
    .describe(
      'How the daily value is found: row = the one row of each day; twin = the de-duplicated <metric>_total row (see `from`); several = several rows a day and no twin: never added up, described by count/min/mean/max; text = a text metric, counted.',
    ),
  from: z
    .string()
    .describe('The metric whose rows give the daily value: <metric>_total under rule twin.'),
  days: z.number().int().describe('Days with data.'),
  first: z.string().nullable(),
  last: z.string().nullable(),
  min: z.number().nullable(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  max: z
    .number()
    .nullable()
    .describe('Under row and twin: of the daily values. Under several: over all rows.'),
  latest: z
    .object({
      date: z.string(),
      value: z.number().optional(),
      values: z.array(z.string()).optional(),
    })
    .nullable(),
  rows: z.number().int().describe('Rows that fed this entry (under twin, the twin rows).'),
  rows_left_out: z
    .number()
    .int()
    .describe('Under twin: rows of the metric itself (one per source app) left out, never added.'),
  rows_per_day: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  top_values: z
    .array(z.object({ value: z.string(), count: z.number().int() }))
    .describe('Text metrics: the most frequent values.'),
  note: z.string().describe("The entry in words, as 'healthdata summary' puts it."),
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
    .describe(
      "The daily series, oldest first, as parallel arrays (value is the day's value; under several it is the mean of the day's rows, with rows/min/max). Null when left out for size (see notes).",
    ),
});

const outputSchema = z.object({
  entries: z.array(entrySchema),
  query: querySchema,
  window: windowSchema,
  clamp: clampSchema,
  notes: notesSchema,
});

type Output = z.infer<typeof outputSchema>;
type Entry = z.infer<typeof entrySchema>;

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
  if (wanted && catalog) {
    const unknown = wanted.filter((m) => !catalog.has(m));
    if (unknown.length > 0) {
      throw new UsageError(
        `there is no metric ${unknown.map((m) => `'${m}'`).join(', ')} in the catalog — call list_metrics for the exact names`,
        'unknown_metric',
      );
    }
  }
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
  const pages = async function* (): AsyncGenerator<readonly MetricRow[]> {
    for await (const page of paginate(
      (q, cursor, size, s) => client.fetchMetricsPage(q, cursor, size, s),
      fetched,
      { pageSize: 1000, signal },
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

function entryOf(s: MetricSummary): Entry {
  const latest = s.latest;
  return {
    metric: s.metric,
    provider: s.provider,
    unit: s.unit,
    rule: s.rule,
    from: s.from,
    days: s.days,
    first: s.first,
    last: s.last,
    min: s.stats?.min ?? null,
    mean: s.stats ? round2(s.stats.mean) : null,
    median: s.stats?.median ?? null,
    max: s.stats?.max ?? null,
    latest:
      latest === null
        ? null
        : 'value' in latest
          ? { date: latest.date, value: round2(latest.value) }
          : { date: latest.date, values: latest.values },
    rows: s.rows,
    rows_left_out: s.rowsLeftOut,
    rows_per_day: s.rowsPerDay,
    top_values: s.topValues.slice(0, TOP_VALUES),
    note: noteOf(s),
    daily: seriesOf(s),
  };
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
    value: days.map((d) => round2(d.value)),
  };
  if (s.rule === 'several') {
    series.rows = days.map((d) => d.rows);
    series.min = days.map((d) => d.min);
    series.max = days.map((d) => d.max);
  }
  return series;
}

/** Keeps daily series while they fit in `budget` characters, shortest first; returns how many were dropped. */
function fitSeries(entries: Entry[], budget: number): number {
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

function headline(out: Output): string {
  const twins = out.entries.filter((e) => e.rule === 'twin').length;
  const several = out.entries.filter((e) => e.rule === 'several').length;
  const parts = [`${out.entries.length} metric/provider entries`];
  if (twins) parts.push(`${twins} from a _total twin`);
  if (several) parts.push(`${several} with several rows a day (never summed)`);
  return `${parts.join('; ')}.`;
}
