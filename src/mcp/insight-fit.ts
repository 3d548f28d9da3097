// What the insight tools (trend, find_anomalies, compare_periods, correlate) share: the
// series they compute on, and an answer fitted under the cap. Their items are records of
// numbers and of names the caller asked for or the API sent; names stay in data fields, and
// the notes, in this server's words, only point at them.
import * as z from 'zod';
import type { MetricsQuery } from '../api/types.ts';
import { seriesOf, type NumericSeries } from '../insight/from-daily.ts';
import { loadSummaries } from './daily-load.ts';
import type { ToolDeps } from './deps.ts';
import { DEFAULT_ANSWER_BYTES } from './fit/caps.ts';
import { boundArray } from './fit/bound-json.ts';
import { notesSchema, querySchema } from './schemas.ts';
import { echoQuery } from './query-input.ts';
import { stoppedNote } from './summary-reader.ts';
import { answer, dataRoom } from './tool-result.ts';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** Fields every insight answer has beside its items. */
export const insightFields = {
  items_left_out: z
    .number()
    .int()
    .describe('Items (after the last one here, in the same order) left out to fit the answer cap.'),
  complete: z.boolean().describe('False when reading stopped before the last page (see notes).'),
  rule: z.string().describe('The rule that produced the numbers, in words.'),
  query: querySchema,
  notes: notesSchema,
};

export interface InsightInput {
  deps: ToolDeps;
  query: MetricsQuery;
  signal: AbortSignal;
}

export async function insightSeries({ deps, query, signal }: InsightInput): Promise<{
  series: NumericSeries[];
  complete: boolean;
  notes: string[];
}> {
  const { summaries, state, notes } = await loadSummaries(deps, query, signal);
  const { series, textMetrics } = seriesOf(summaries);
  if (state.stopped) notes.push(stoppedNote(state));
  if (textMetrics.length > 0) {
    notes.push(
      `${textMetrics.length} text metric(s) were left out: text values have no daily number.`,
    );
  }
  return { series, complete: state.stopped === null, notes };
}

/** The answer with as many items as fit under the cap; a note says how to get the rest. */
export function fittedAnswer(
  deps: ToolDeps,
  headline: (kept: number) => string,
  body: { items: unknown[]; complete: boolean; rule: string; query: MetricsQuery; notes: string[] },
): CallToolResult {
  const cap = deps.maxAnswerBytes ?? DEFAULT_ANSWER_BYTES;
  const base = {
    items: [] as unknown[],
    items_left_out: 0,
    complete: body.complete,
    rule: body.rule,
    query: echoQuery(body.query, cap / 12),
    notes: body.notes,
  };
  const kept = boundArray(body.items, dataRoom(cap, headline(body.items.length), base));
  const items = (kept.value as unknown[] | undefined) ?? [];
  const out = { ...base, items, items_left_out: body.items.length - items.length };
  if (out.items_left_out > 0) {
    out.notes.push(
      `Only the first ${items.length} of ${body.items.length} items fit the answer cap of ${cap} bytes; ask again with fewer metrics or a shorter from/to range for the rest.`,
    );
  }
  return answer(headline(items.length), out, cap);
}
