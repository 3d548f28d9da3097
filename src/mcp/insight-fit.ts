// What the insight tools (trend, find_anomalies, compare_periods, correlate) share: the
// series they compute on, and an answer fitted under the cap. Their items are records of
// numbers and of names the caller asked for or the API sent; names stay in data fields, and
// the notes, in this server's words, only point at them.
import * as z from 'zod';
import type { MetricsQuery } from '../api/types.ts';
import { seriesOf, type NumericSeries } from '../insight/from-daily.ts';
import { loadSummaries } from './daily-load.ts';
import { finiteItems } from './finite-items.ts';
import type { ToolDeps } from './deps.ts';
import { DEFAULT_ANSWER_BYTES } from './fit/caps.ts';
import { boundArray } from './fit/bound-json.ts';
import { clipName } from './fit/clip.ts';
import { clampSchema, notesSchema, querySchema } from './schemas.ts';
import { echoQuery } from './query-input.ts';
import { stoppedNote } from './summary-reader.ts';
import { answer, dataRoom } from './tool-result.ts';
import { clampNote, clampOf, planWindow, type Clamp } from './window.ts';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** Fields every insight answer has beside its items. */
export const insightFields = {
  items_left_out: z.number().int(),
  complete: z.boolean(),
  rule: z.string(),
  query: querySchema,
  clamp: clampSchema,
  notes: notesSchema,
};

export interface InsightInput {
  deps: ToolDeps;
  query: MetricsQuery;
  signal: AbortSignal;
  /** The first day the caller asked for, when `query` reads from earlier (a baseline's days). */
  asked?: string | undefined;
}

/** What reading the series found, which every insight answer reports beside its items. */
export interface InsightRead {
  complete: boolean;
  notes: string[];
  clamp: Clamp | null;
  /** The first day the answer can cover: the day asked, or the history floor if later or none. */
  from: string | null;
}

export async function insightSeries(
  input: InsightInput,
): Promise<{ series: NumericSeries[] } & InsightRead> {
  const { deps, query, signal } = input;
  const { summaries, state, notes } = await loadSummaries(deps, query, signal);
  // As daily_summary: a start before the history floor is said, and periods are cut at it.
  const window = planWindow(state.meta);
  const asked = 'asked' in input ? input.asked : query.from;
  const clamp = clampOf(asked, window);
  if (clamp) notes.unshift(clampNote(clamp, window));
  const from = clamp?.effective_from ?? asked ?? window?.history_floor ?? null;
  const { series: whole, textMetrics } = seriesOf(summaries);
  // The API's names, clipped as every answer clips them (the reader keeps them whole).
  const series = whole.map((s) => ({
    ...s,
    metric: clipName(s.metric),
    provider: clipName(s.provider),
    unit: s.unit === null ? null : clipName(s.unit),
  }));
  if (state.stopped) notes.push(stoppedNote(state));
  if (textMetrics.length > 0) {
    notes.push(
      `${textMetrics.length} text metric(s) were left out: text values have no daily number.`,
    );
  }
  return { series, complete: state.stopped === null, notes, clamp, from };
}

/**
 * The answer with as many items as fit under the cap; a note says how to get the rest. `read`
 * (what insightSeries found) gives its completeness, clamp and notes.
 */
export function fittedAnswer(
  deps: ToolDeps,
  headline: (kept: number) => string,
  read: InsightRead,
  body: { items: unknown[]; rule: string; query: MetricsQuery },
): CallToolResult {
  const cap = deps.maxAnswerBytes ?? DEFAULT_ANSWER_BYTES;
  const base = {
    items: [] as unknown[],
    items_left_out: 0,
    complete: read.complete,
    rule: body.rule,
    query: echoQuery(body.query, cap / 12),
    clamp: read.clamp,
    notes: read.notes,
  };
  const all = finiteItems(body.items, read.notes);
  const kept = boundArray(all, dataRoom(cap, headline(all.length), base));
  const items = (kept.value as unknown[] | undefined) ?? [];
  const out = { ...base, items, items_left_out: all.length - items.length };
  if (out.items_left_out > 0) {
    out.notes.push(
      `Only the first ${items.length} of ${all.length} items fit the answer cap of ${cap} bytes; ask again with fewer metrics or a shorter from/to range for the rest.`,
    );
  }
  return answer(headline(items.length), out, cap);
}
