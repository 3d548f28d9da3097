// daily_summary: one entry per metric and provider with its daily values, by the same rules
// and in the same words as `healthdata summary` (src/daily: the rules; output/summary: the
// note), streaming every page once, within bounds (summary-reader.ts). The daily series come
// as parallel arrays, within a budget, and the entries within the answer cap.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import type { MetricsQuery } from '../../api/types.ts';
import {
  DAILY_BYTES,
  entriesThatFit,
  entryOf,
  entrySchema,
  fitSeries,
  type Entry,
} from '../daily-entries.ts';
import type { ToolDeps } from '../deps.ts';
import { capOf } from '../fit/caps.ts';
import { loadSummaries } from '../daily-load.ts';
import { finiteItems } from '../finite-items.ts';
import { stoppedNote } from '../summary-reader.ts';
import { echoQuery, toQuery } from '../query-input.ts';
import { RULE, echoFields, rangeFields, READ_ONLY } from '../schemas.ts';
import { answer, dataRoom, respond } from '../tool-result.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

// Strict, as for query_metrics: a misspelt argument is an error, never silently dropped.
const inputSchema = z.strictObject(rangeFields);

const outputSchema = z.object({
  entries: z.array(entrySchema),
  entries_left_out: z.number().int(),
  no_rows: z.array(z.string()),
  complete: z.boolean(),
  ...echoFields,
});

type Output = z.infer<typeof outputSchema>;

export function registerDailySummary(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'daily_summary',
    {
      description:
        'Daily values per metric and provider over a date range, with min/mean/median/max: for daily totals and how a metric went. Never adds rows up.',
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const query = toQuery(args, deps.now());
        const out = await dailySummary(deps, query, signal);
        return answer(headline(out), out, capOf('daily_summary', deps.maxAnswerBytes));
      }),
  );
}

export async function dailySummary(
  deps: ToolDeps,
  query: MetricsQuery,
  signal: AbortSignal,
): Promise<Output> {
  const { summaries, state, notes } = await loadSummaries(deps, query, signal);
  const wanted = query.metric;
  const entries = finiteItems(summaries.map(entryOf), notes);
  const window = planWindow(state.meta);
  const clamp = clampOf(query.from, window);
  if (clamp) notes.unshift(clampNote(clamp, window));
  if (state.stopped) notes.push(stoppedNote(state));
  if (entries.some((e) => e.rule === 'twin' || e.rule === 'several')) notes.push(RULE);
  // Names the caller may have copied from list_metrics (the API's text): by field, not quoted.
  const noRows = (wanted ?? []).filter((m) => !entries.some((e) => e.metric === m));
  if (noRows.length > 0) notes.push('No rows in this range for the metrics listed in `no_rows`.');
  const cap = capOf('daily_summary', deps.maxAnswerBytes);
  const out: Output = {
    entries: [],
    entries_left_out: 0,
    complete: state.stopped === null,
    no_rows: noRows,
    query: echoQuery(query, cap / 12),
    window,
    clamp,
    notes,
  };
  fitEntries(entries, out, cap);
  return out;
}

/**
 * Puts into `out` the entries that fit the cap: first the daily series go, longest first
 * (the statistics stay), then the entries past the cap, in order. Notes say what went.
 */
function fitEntries(entries: Entry[], out: Output, cap: number): void {
  const room = dataRoom(cap, headline(out), out);
  const dropped = fitSeries(entries, Math.min(DAILY_BYTES, Math.floor(room / 4)));
  if (dropped > 0) {
    out.notes.push(
      `The daily series of ${dropped} entries were left out to keep the answer small (their statistics are complete). Ask for fewer metrics or a shorter from/to range to get them.`,
    );
  }
  const kept = entriesThatFit(entries, room);
  out.entries = entries.slice(0, kept);
  out.entries_left_out = entries.length - kept;
  if (kept < entries.length) {
    out.notes.push(
      `Only the first ${kept} of ${entries.length} entries are here: the answer is capped at ${cap} bytes. The entries are sorted by metric, then provider; for the rest, call daily_summary again with \`metrics\` set to names after the last entry's \`metric\` (list_metrics lists them all), a few at a time.`,
    );
  }
}

function headline(out: Output): string {
  const twins = out.entries.filter((e) => e.rule === 'twin').length;
  const several = out.entries.filter((e) => e.rule === 'several').length;
  const parts = [`${out.entries.length} metric/provider entries`];
  if (twins) parts.push(`${twins} from a _total twin`);
  if (several) parts.push(`${several} with several rows a day (never summed)`);
  if (out.entries_left_out) parts.push(`${out.entries_left_out} more left out to fit (see notes)`);
  if (!out.complete) parts.push('INCOMPLETE, reading stopped early (see notes)');
  return `${parts.join('; ')}.`;
}
