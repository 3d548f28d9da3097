// Notes the tools share with the CLI's stderr lines: what the row guard dropped, and names
// the catalog lacks (src/api/dropped.ts, src/api/name-check.ts), as sentences for a model.
import type { DropTally } from '../api/dropped.ts';

/** What the row guard dropped, as a note (the CLI says it on stderr, failing for broken rows). */
export function droppedNote(tally: DropTally): string | undefined {
  const said = tally.describe();
  if (said === undefined) return undefined;
  const why = said.failed
    ? ' Rows that break the spec are data that could not be kept: they are missing here.'
    : ' Those rows were not asked for: nothing asked for is missing.';
  return `${sentence(said.line)}${why}`;
}

/** A message as a sentence: capitalised, with a full stop. */
export function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
