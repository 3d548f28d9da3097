// From daily summaries (src/daily, loaded from the API or a synced SQLite file) to the report's
// model: one entry per metric and provider, with summary's numbers as `summary -f json` gives
// them, and what the charts draw.
import type { Meta } from '../api/types.ts';
import type { MetricSummary, TextDay } from '../daily/index.ts';
import { DEFAULT_RULE, type BaselineRule, type DailyPoint } from '../insight/index.ts';
import { daysBetween } from '../lib/dates.ts';
import { summaryRecord } from '../output/summary/record.ts';
import { coverageOf } from './coverage.ts';
import { numericModel, pointsOf, type Axis } from './numeric.ts';
import { whoOf } from './title.ts';
import type {
  ReportModel,
  ReportPerson,
  ReportSource,
  SummaryNumbers,
  TextSeriesModel,
} from './types.ts';
import { describeText } from './words.ts';

export interface ReportInput {
  /** summary's lines for the range. */
  summaries: readonly MetricSummary[];
  /** The same metrics over the window before the range: the first days' baselines. */
  leadIn: readonly MetricSummary[];
  /** The days shown (`from` already clamped to the plan's floor, `to` at most today). */
  range: { from: string; to: string };
  asked: { from: string; to: string | null };
  meta: Meta | undefined;
  /** Today's date and the date the report was made (both from the injected clock). */
  today: string;
  made: string;
  version: string;
  source: ReportSource;
  /** Whose data; without it, no one is named. */
  person?: ReportPerson;
  rule?: BaselineRule;
}

/** Ranges up to this many days get weekly means; longer ones monthly means. */
const WEEKLY_UP_TO = 120;

export function buildReport(input: ReportInput): ReportModel {
  const rule = input.rule ?? DEFAULT_RULE;
  const axis: Axis = { ...input.range, days: daysBetween(input.range.from, input.range.to) + 1 };
  const periodUnit = axis.days <= WEEKLY_UP_TO ? 'week' : 'month';
  const series: ReportModel['series'] = [];
  const texts: TextSeriesModel[] = [];
  const empty: ReportModel['empty'] = [];
  for (const s of input.summaries) {
    if (s.days === 0) {
      empty.push({ metric: s.metric, unit: s.unit });
      continue;
    }
    const summary = numbersOf(s);
    if (s.rule === 'text') {
      texts.push(textModel(`t${texts.length}`, s, summary));
      continue;
    }
    const lead = leadInOf(s, input.leadIn, axis.from);
    series.push(numericModel(`s${series.length}`, s, summary, lead, axis, rule, periodUnit));
  }
  const floor = input.meta?.history_floor ?? null;
  const person = input.person ?? { profile: null, displayName: null };
  return {
    made: input.made,
    version: input.version,
    source: input.source,
    person,
    who: whoOf(person),
    range: axis,
    asked: input.asked,
    clamp:
      input.asked.from < axis.from && floor !== null
        ? { asked: input.asked.from, floor, plan: input.meta?.plan ?? '' }
        : null,
    meta: input.meta
      ? {
          plan: input.meta.plan,
          historyWindowDays: input.meta.history_window_days,
          historyFloor: input.meta.history_floor,
          sourceCap: input.meta.source_cap,
        }
      : null,
    today: axis.to >= input.today ? input.today : null,
    rule: { window: rule.window, minDays: rule.minDays, threshold: rule.threshold },
    periodUnit,
    series,
    texts,
    empty,
    coverage: coverageOf(input.summaries, axis),
  };
}

/** summary's record, the fields `summary -f json` has for the line. */
function numbersOf(s: MetricSummary): SummaryNumbers {
  const r = summaryRecord(s);
  const num = (v: string | number | null): number | null => (typeof v === 'number' ? v : null);
  const str = (v: string | number | null): string | null => (v === null ? null : String(v));
  return {
    days: s.days,
    first: s.first,
    last: s.last,
    min: num(r.min),
    mean: num(r.mean),
    median: num(r.median),
    max: num(r.max),
    latest: r.latest,
    rows: s.rows,
    rows_per_day: s.rowsPerDay === null ? null : { ...s.rowsPerDay },
    top_values: str(r.top_values),
    note: String(r.note ?? ''),
  };
}

/**
 * The same line's days before the range. Only a line whose value comes from the same rows
 * (the same `from`: a twin, or the metric itself) continues it.
 */
function leadInOf(s: MetricSummary, leadIn: readonly MetricSummary[], from: string): DailyPoint[] {
  const match = leadIn.find(
    (l) =>
      l.metric === s.metric && l.provider === s.provider && l.from === s.from && l.rule !== 'text',
  );
  return match ? pointsOf(match).filter((p) => p.date < from) : [];
}

function textModel(id: string, s: MetricSummary, summary: SummaryNumbers): TextSeriesModel {
  const base = { id, metric: s.metric, provider: s.provider, unit: s.unit, rule: s.rule, summary };
  const counts = s.topValues.map((t) => ({ value: t.value, count: t.count }));
  return {
    ...base,
    alt: describeText(base, counts),
    counts,
    daily: (s.daily as TextDay[]).map((d) => ({ date: d.date, values: d.values })),
  };
}
