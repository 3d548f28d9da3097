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
    `notice: ${metric} has several rows for one day (e.g. ${example.provider} on ${example.date}): ` +
    'they are one per source app (or separate readings) and must not be added up.';
  if (baseOf(metric) !== undefined) return head;
  const total = twinOf(metric);
  if (twin === true) return `${head} For the de-duplicated daily total use --metric ${total}.`;
  const summary = ` For a daily view that never adds them up: healthdata summary -m ${metric}.`;
  if (twin === false) return head + summary;
  return `${head}${summary} If your catalog lists ${total}, that is the daily total.`;
}
