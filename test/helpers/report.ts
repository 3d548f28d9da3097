// What the report tests share: the model a report file carries, and summary's line to compare
// it with.
import { readFileSync } from 'node:fs';
import type { ReportModel } from '../../src/report/types.ts';
import { addDays, TODAY } from './sandbox.ts';

/** What report covers without --from: from 90 days ago (--from 90d) to today, 91 days. */
export const FROM = addDays(TODAY, -90);
export const DAYS = 91;

/** An item of `summary -f json`. */
export interface SummaryItem {
  metric: string;
  provider: string;
  rule: string;
  days: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  latest: number | string | null;
  daily: { date: string; value?: number }[];
  [key: string]: unknown;
}

/** The model a report file carries, read back from its JSON block. */
export function modelOf(file: string): ReportModel {
  const html = readFileSync(file, 'utf8');
  const text = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  return JSON.parse(text?.[1] ?? 'null') as ReportModel;
}

/** summary's line without its names and daily series: the numbers the report must show. */
export function numbersOf(item: SummaryItem): Record<string, unknown> {
  const names = ['daily', 'metric', 'provider', 'unit', 'rule', 'from'];
  return Object.fromEntries(Object.entries(item).filter(([k]) => !names.includes(k)));
}

/** The report's line for summary's item. */
export function lineOf(model: ReportModel, item: SummaryItem) {
  return [...model.series, ...model.texts].find(
    (l) => l.metric === item.metric && l.provider === item.provider,
  );
}

export function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
