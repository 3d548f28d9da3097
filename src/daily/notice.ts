import type { MetricSummary } from './types.ts';
import type { SeveralRowsExample } from './duplicates.ts';
import { baseOf, twinOf } from './twins.ts';

/**
 * The notice for a metric with several rows for one date and provider. `twin` says whether
 * `<metric>_total` exists: true, false, or undefined when that could not be checked.
 */
export function severalRowsNotice(
  metric: string,
  example: SeveralRowsExample,
  twin: boolean | undefined,
): string {
  const head =
    `notice: ${metric} has several rows for one day from one provider (e.g. ${example.provider}, ` +
    `${example.date}): they are ${example.stream ? 'separate samples through the day' : 'one per source app'} and must not be added up`;
  const total = twinOf(metric);
  const summary = `'healthdata daily -m ${metric}' gives each day's value without adding them`;
  if (baseOf(metric) !== undefined) return `${head}.`;
  if (twin === true) return `${head}; use --metric ${total}, the de-duplicated daily total.`;
  if (twin === false) return `${head}; ${summary}.`;
  return `${head}; use --metric ${total} if your catalog has it (the daily total), else ${summary}.`;
}

/**
 * What a summary line left out because no double holds it (1e400: JSON.parse reads Infinity),
 * in words; `of` names the line. Every statistic of the line is over its other values.
 */
export function unheldWords(count: number, of = ''): string {
  const one = count === 1;
  return `${count} ${one ? 'value' : 'values'}${of === '' ? '' : ` of ${of}`} could not be held by a double (past ±1.8e308) and ${one ? 'was' : 'were'} left out`;
}

/** One line per summary line that left out such numbers, naming it, for the command to say. */
export function unheldNotes(summaries: readonly MetricSummary[]): string[] {
  return summaries
    .filter((s) => (s.unheld ?? 0) > 0)
    .map((s) =>
      unheldWords(s.unheld ?? 0, s.provider === '' ? s.metric : `${s.metric} from ${s.provider}`),
    );
}
