// Notes the tools share with the CLI's stderr lines: what the row guard dropped, and names
// the catalog lacks (src/api/dropped.ts, src/api/name-check.ts), as sentences for a model.
import type { DropTally } from '../api/dropped.ts';
import type { MetricSummary } from '../daily/index.ts';
import { warningNote } from './logging.ts';

/** What the row guard dropped, as a note (the CLI says it on stderr, failing for broken rows). */
export function droppedNote(tally: DropTally): string | undefined {
  const said = tally.describe();
  if (said === undefined) return undefined;
  const why = said.failed
    ? ' Rows that break the spec are data that could not be kept: they are missing here.'
    : ' Those rows were not asked for: nothing asked for is missing.';
  return warningNote(`${sentence(said.line)}${why}`);
}

/** A message as a sentence: capitalised, with a full stop. */
export function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Numbers past every double (1e400) that summaries left out, as a note in this server's words:
 * the entries of daily_summary say which metric, by field, in their `note`.
 */
export function unheldNote(summaries: readonly MetricSummary[]): string | undefined {
  const lines = summaries.filter((s) => (s.unheld ?? 0) > 0);
  if (lines.length === 0) return undefined;
  const total = lines.reduce((n, s) => n + (s.unheld ?? 0), 0);
  return `${total} value(s) of ${lines.length} metric/provider line(s) could not be held by a double (past ±1.8e308, such as 1e400) and were left out of every statistic; daily_summary's entry note says which.`;
}
