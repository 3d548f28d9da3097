// compare_periods: two periods of daily values per metric and provider (src/insight
// compare.ts): Welch's t-test and Hedges' g. The periods and items are src/insight's
// (records/comparison.ts), as `healthdata compare` writes them.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import { comparisonRecords, periodsToCompare, spanOf } from '../../insight/records/comparison.ts';
import { localDate, parseDateArg } from '../../lib/dates.ts';
import { UsageError } from '../../lib/errors.ts';
import type { ToolDeps } from '../deps.ts';
import { fittedAnswer, insightFields, insightSeries } from '../insight-fit.ts';
import { toQuery } from '../query-input.ts';
import {
  basisField,
  fromField,
  metricsField,
  providersField,
  toField,
  READ_ONLY,
} from '../schemas.ts';
import { respond } from '../tool-result.ts';

/** Days in a period under which Welch's p says little (the note only appears then). */
const FEW_DAYS = 10;

const inputSchema = z.strictObject({
  metrics: metricsField.optional(),
  providers: providersField.optional(),
  from: fromField.optional(),
  to: toField.optional(),
  vs_from: fromField.optional().describe('The other period; default: as long, just before.'),
  vs_to: toField.optional(),
});

const item = z.object({
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  basis: basisField,
  mean: z.number().nullable(),
  vs_mean: z.number().nullable(),
  change: z.number().nullable(),
  change_pct: z.number().nullable(),
  days: z.number().int(),
  vs_days: z.number().int(),
  p: z.number().nullable(),
  effect: z.number().nullable(),
  exceeds: z.boolean(),
  reason: z.string().nullable(),
});

const outputSchema = z.object({ items: z.array(item), ...insightFields });

export function registerComparePeriods(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'compare_periods',
    {
      description:
        'Two date ranges side by side (this month vs last): the change in the mean, and whether it is beyond day-to-day variation.',
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const now = deps.now();
        const date = (name: 'from' | 'to' | 'vs_from' | 'vs_to', key: string) => {
          const text = args[name];
          return text === undefined ? {} : { [key]: parseDateArg(name, text, now) };
        };
        const { current, vs } = periodsToCompare(
          {
            ...date('from', 'from'),
            ...date('to', 'to'),
            ...date('vs_from', 'vsFrom'),
            ...date('vs_to', 'vsTo'),
          },
          localDate(now),
          () => new UsageError('a period starts after it ends — swap its dates', 'bad_range'),
        );
        const { from, to } = current;
        const query = toQuery({ ...args, ...spanOf(current, vs) }, now);
        const { series, ...read } = await insightSeries({ deps, query, signal });
        const items = comparisonRecords(series, current, vs);
        read.notes.push(`This period: ${from} to ${to}; compared with ${vs.from} to ${vs.to}.`);
        if (items.some((i) => i.days < FEW_DAYS || i.vs_days < FEW_DAYS)) {
          read.notes.push(`With few days in a period (under about ${FEW_DAYS}), p says little.`);
        }
        const rule =
          "Welch's t-test (two-sided, unequal variances) on the daily values of each period; exceeds when p < 0.05; effect is Hedges' g. Daily values: the _total twin, else the single row, else the mean of several rows (never their sum).";
        return fittedAnswer(
          deps,
          (n) =>
            `${n} comparison${n === 1 ? '' : 's'}, ${items.filter((i) => i.exceeds).length} beyond the day-to-day variation.`,
          read,
          { items, rule, query },
        );
      }),
  );
}
