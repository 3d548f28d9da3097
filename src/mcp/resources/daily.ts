// healthdata://daily/{metric}: the daily values of one metric as rows, one per provider and
// day, newest first: what `healthdata daily -m <metric>` prints (src/daily/daily-rows.ts, each
// row as shown: a `several` day's mean rounded by the one rule, src/daily/shown.ts),
// read by the same loader as daily_summary (daily-load.ts: the catalog, the `_total` twin,
// the bounds) and cut to the same cap as daily_summary's answers.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { dailyRows, shownRow, type DailyRow } from '../../daily/index.ts';
import type { MetricsQuery } from '../../api/types.ts';
import type { ToolDeps } from '../deps.ts';
import { loadSummaries } from '../daily-load.ts';
import { boundArray } from '../fit/bound-json.ts';
import { capOf } from '../fit/caps.ts';
import { clip, clipName } from '../fit/clip.ts';
import { finiteItems } from '../finite-items.ts';
import { echoQuery } from '../query-input.ts';
import { RULE } from '../schemas.ts';
import { stoppedNote } from '../summary-reader.ts';
import { answer, dataRoom } from '../tool-result.ts';
import { clampNote, clampOf, planWindow } from '../window.ts';

export async function dailyAnswer(
  deps: ToolDeps,
  query: MetricsQuery,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { summaries, state, notes } = await loadSummaries(deps, query, signal);
  const window = planWindow(state.meta);
  const clamp = clampOf(query.from, window);
  if (clamp) notes.unshift(clampNote(clamp, window));
  if (state.stopped) notes.push(stoppedNote(state));
  const all = finiteItems(dailyRows(summaries).map(shownRow).map(clipped), notes);
  if (all.some((r) => r.basis === 'total' || r.basis === 'several' || r.basis === 'no_total'))
    notes.push(RULE);
  const cap = capOf('daily_summary', deps.maxAnswerBytes);
  const base = {
    rows: [] as unknown[],
    rows_left_out: 0,
    complete: state.stopped === null,
    query: echoQuery(query, cap / 12),
    window,
    clamp,
    notes,
  };
  const kept = boundArray(all, dataRoom(cap, headline(all.length), base));
  const rows = (kept.value as unknown[] | undefined) ?? [];
  const out = { ...base, rows, rows_left_out: all.length - rows.length };
  if (out.rows_left_out > 0) {
    notes.push(
      `Only the newest ${rows.length} of ${all.length} daily rows fit the cap of ${cap} bytes; read again with an earlier \`to\` for the rest.`,
    );
  }
  return answer(headline(rows.length), out, cap);
}

/** The API's names and text, clipped as every answer clips them. */
function clipped(row: DailyRow): DailyRow {
  return {
    ...row,
    metric: clipName(row.metric),
    provider: clipName(row.provider),
    unit: row.unit === null ? null : clipName(row.unit),
    text: row.text === null ? null : clip(row.text),
  };
}

function headline(rows: number): string {
  return `${rows} daily rows (one per provider and day; basis says how each value was found).`;
}
