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
  const summary = `'healthdata summary -m ${metric}' summarises them per day without adding them`;
  if (baseOf(metric) !== undefined) return `${head}.`;
  if (twin === true) return `${head}; use --metric ${total}, the de-duplicated daily total.`;
  if (twin === false) return `${head}; ${summary}.`;
  return `${head}; use --metric ${total} if your catalog has it (the daily total), else ${summary}.`;
}
