// The prompts: weekly_review, explain_anomaly (a metric and a date) and compare_months (two
// months, a metric if wanted). Each resolves its dates in the user's calendar with the CLI's
// own date parsing and hands the model a plan (texts.ts); completion of their arguments is
// completion.ts's, from PROMPT_COMPLETIONS.
import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { addDays, isCalendarDate, localDate, parseDateArg } from '../../lib/dates.ts';
import { HealthdataError } from '../../lib/errors.ts';
import type { CompletionKind } from '../completion.ts';
import type { ToolDeps } from '../deps.ts';
import { MAX_NAME_CHARS } from '../fit/clip.ts';
import { compareMonths, explainAnomaly, weeklyReview, type Month } from './texts.ts';

/** Prompt → argument → what completion offers for it. */
export const PROMPT_COMPLETIONS: Record<string, Record<string, CompletionKind>> = {
  weekly_review: {},
  explain_anomaly: { metric: 'metric', date: 'date' },
  compare_months: { month: 'month', vs_month: 'month', metric: 'metric' },
};

/** Days shown around the day explain_anomaly asks about. */
const AROUND = 14;

const metricArg = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NAME_CHARS)
  .describe('A metric name as list_metrics gives it, e.g. resting_heart_rate.');
const dateArg = z.string().trim().min(1).max(32);
const monthArg = (what: string) => z.string().trim().min(1).max(16).describe(`${what}: YYYY-MM.`);

export function registerPrompts(server: McpServer, deps: ToolDeps): void {
  server.registerPrompt(
    'weekly_review',
    {
      title: 'Weekly review',
      description:
        'Review the last 7 days against the weeks before: daily values, changes beyond the day-to-day variation, and unusual days.',
    },
    () => {
      const to = localDate(deps.now());
      return user(weeklyReview(addDays(to, -6), to, addDays(to, -34)));
    },
  );
  server.registerPrompt(
    'explain_anomaly',
    {
      title: 'Explain an unusual day',
      description:
        'Look into one metric on one day: is it unusual against my baseline, and what went with it.',
      argsSchema: z.object({
        metric: metricArg,
        date: dateArg.describe('The day: YYYY-MM-DD, "today", "yesterday" or "<N>d" (N days ago).'),
      }),
    },
    ({ metric, date }) => {
      const day = checked(() => parseDateArg('date', date, deps.now()));
      const today = localDate(deps.now());
      const to = addDays(day, AROUND) < today ? addDays(day, AROUND) : today;
      return user(explainAnomaly(metric, day, addDays(day, -AROUND), to));
    },
  );
  server.registerPrompt(
    'compare_months',
    {
      title: 'Compare two months',
      description:
        'One month against another: the mean of each, the change, and whether it exceeds the day-to-day variation.',
      argsSchema: z.object({
        month: monthArg('The month to look at'),
        vs_month: monthArg('The month to compare it with'),
        metric: metricArg
          .optional()
          .describe('One metric to compare (leave out for every metric).'),
      }),
    },
    ({ month, vs_month, metric }) =>
      user(compareMonths(monthOf('month', month), monthOf('vs_month', vs_month), metric)),
  );
}

function user(text: string) {
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
}

/** The CLI's usage errors as the protocol's: a bad argument is the client's to fix. */
function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof HealthdataError) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    }
    throw error;
  }
}

function monthOf(name: string, text: string): Month {
  const found = /^(\d{4})-(\d{2})$/.exec(text);
  const year = Number(found?.[1]);
  const month = Number(found?.[2]);
  if (!found || year < 1900 || !isCalendarDate(year, month, 1)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `${name} "${text}" is not a month — give it as YYYY-MM, e.g. 2026-10`,
    );
  }
  const from = `${found[1]}-${found[2]}-01`;
  const next =
    month === 12 ? `${year + 1}-01-01` : `${found[1]}-${String(month + 1).padStart(2, '0')}-01`;
  return { name: `${found[1]}-${found[2]}`, from, to: addDays(next, -1) };
}
