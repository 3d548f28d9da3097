// Why a metrics query came back empty, in words: a --from after today, or a range wholly
// before the plan's history floor. (A -m/-p name the account does not have is told before the
// export, from the catalog: src/api/name-check.ts.)
import type { Meta, MetricsQuery } from '../api/types.ts';
import type { Notices } from './notices.ts';

/**
 * Reasons in the range. `today` is the local date: a --from after it is only a reason once
 * the result is empty, since a server a time zone ahead may have rows.
 */
export function rangeReason(
  query: MetricsQuery,
  meta: Meta | undefined,
  today: string,
): string | undefined {
  if (query.from !== undefined && query.from > today) {
    return `--from ${query.from} is after today (${today}), so there is no data yet — use a date on or before today, e.g. --from 30d`;
  }
  const floor = meta?.history_floor;
  if (floor && query.to !== undefined && query.to < floor) {
    return `nothing before ${floor} is available on your ${meta.plan} plan`;
  }
  return undefined;
}

/** An empty result is explained on stderr when the range says why. */
export function explainEmpty(
  query: MetricsQuery,
  meta: Meta | undefined,
  today: string,
  notices: Notices,
): void {
  const range = rangeReason(query, meta, today);
  if (range !== undefined) notices.warn(range);
}
