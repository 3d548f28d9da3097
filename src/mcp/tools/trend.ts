// trend: daily values by ISO week, month or year, per metric and provider (src/insight
// periods.ts): the records of `healthdata summary --by` (src/insight/records/period.ts).
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { PERIOD_UNITS, type PeriodUnit } from '../../insight/periods.ts';
import { lookedAt, periodRecords } from '../../insight/records/period.ts';
import { localDate } from '../../lib/dates.ts';
import type { ToolDeps } from '../deps.ts';
import { fittedAnswer, insightFields, insightSeries } from '../insight-fit.ts';
import { toQuery } from '../query-input.ts';
import { RULE, basisField, rangeFields } from '../schemas.ts';
import { respond } from '../tool-result.ts';

const inputSchema = z.strictObject({
  ...rangeFields,
  by: z
    .enum(PERIOD_UNITS as [PeriodUnit, ...PeriodUnit[]])
    .default('week')
    .describe('Period: "week" (ISO, Monday first), "month" or "year".'),
});

const item = z.object({
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  basis: basisField,
  period: z.string().describe('First day of the period.'),
  days: z.number().int().describe('Days with data in the period.'),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  partial: z
    .boolean()
    .describe('The period reaches outside the range read: fewer days by construction.'),
});

const outputSchema = z.object({ items: z.array(item), ...insightFields });

export function registerTrend(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'trend',
    {
      title: 'Weekly, monthly or yearly means of the daily values',
      description: `Per metric and provider, the mean, min and max of the daily values in each ISO week (Monday first), month or year, with the days that had data, oldest first; a period reaching outside the range is marked partial. ${RULE} Daily values follow that rule, as in daily_summary.`,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        const query = toQuery(args, deps.now());
        const { series, ...read } = await insightSeries({ deps, query, signal });
        const range = lookedAt(read.from, query.to ?? null, localDate(deps.now()));
        const items = periodRecords(series, args.by, range);
        if (items.some((i) => i.partial)) {
          read.notes.push(
            'Items with partial true cover only part of their period: compare their means with care.',
          );
        }
        const rule = `Mean, min and max of the daily values in each ${args.by}; days counts the days with data. Daily values: the _total twin where one exists, else the single row, else the mean of several rows (never their sum).`;
        return fittedAnswer(
          deps,
          (n) => `${n} ${args.by}ly items over ${series.length} metric/provider series.`,
          read,
          { items, rule, query },
        );
      }),
  );
}
