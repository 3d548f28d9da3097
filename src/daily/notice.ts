import type { MetricSummary } from './types.ts';
import type { SeveralRowsExample } from './duplicates.ts';
import { baseOf, twinOf } from './twins.ts';

/** One metric with several rows for one date and provider, and what is known of its twin. */
export interface SeveralRows {
  metric: string;
  example: SeveralRowsExample;
  /** Whether `<metric>_total` exists: true, false, or undefined when that could not be checked. */
  twin: boolean | undefined;
}

/** Past this many metrics the notice names the first and counts the rest: it stays a line. */
const MAX_NAMED = 10;

/**
 * The one notice for every metric with several rows for one date and provider: the rule is
 * said once, naming the metrics, and for each what to read instead (its `_total` twin, or
 * `healthdata daily`). `found` is in the order to name them.
 */
export function severalRowsNotice(found: readonly SeveralRows[]): string {
  const named = found.slice(0, MAX_NAMED);
  const more = found.length - named.length;
  const metrics = named.map((f) => f.metric).join(', ') + (more > 0 ? ` and ${more} more` : '');
  const apps = named.some((f) => !f.example.stream);
  const samples = named.some((f) => f.example.stream);
  const kind = [apps ? 'one per source app' : '', samples ? 'samples through the day' : '']
    .filter(Boolean)
    .join(', or ');
  const own = (f: SeveralRows): boolean => baseOf(f.metric) === undefined;
  const twins = named.filter((f) => own(f) && f.twin === true).map((f) => twinOf(f.metric));
  const unsure = named.filter((f) => own(f) && f.twin === undefined).map((f) => f.metric);
  const daily = named.filter((f) => own(f) && f.twin === false).map((f) => f.metric);
  const advice: string[] = [];
  if (twins.length > 0) advice.push(`for daily totals use -m ${twins.join(',')}`);
  if (unsure.length > 0) {
    const them = unsure.length === 1 ? 'it' : 'them';
    advice.push(
      `-m ${unsure.map(twinOf).join(',')} if your catalog has ${them} (the daily total), else 'healthdata daily -m ${unsure.join(',')}'`,
    );
  }
  if (daily.length > 0) {
    advice.push(`'healthdata daily -m ${daily.join(',')}' gives each day's value`);
  }
  return `notice: several rows a day for ${metrics} must not be added up (${kind})${advice.map((a) => `; ${a}`).join('')}.`;
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
