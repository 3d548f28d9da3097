// trend: daily values by ISO week, month or year, per metric and provider (src/insight
// periods.ts): the records of `healthdata summary --by` (src/insight/records/period.ts).
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import { PERIOD_UNITS, type PeriodUnit } from '../../insight/periods.ts';
import { lookedAt, periodRecords } from '../../insight/records/period.ts';
import { localDate } from '../../lib/dates.ts';
import type { ToolDeps } from '../deps.ts';
import { fittedAnswer, insightFields, insightSeries } from '../insight-fit.ts';
import { toQuery } from '../query-input.ts';
import { basisField, rangeFields, READ_ONLY } from '../schemas.ts';
import { respond } from '../tool-result.ts';

const inputSchema = z.strictObject({
  ...rangeFields,
  by: z.enum(PERIOD_UNITS as [PeriodUnit, ...PeriodUnit[]]).default('week'),
});

const item = z.object({
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  basis: basisField,
  period: z.string().describe('Its first day.'),
  days: z.number().int(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  partial: z.boolean(),
});

const outputSchema = z.object({ items: z.array(item), ...insightFields });

export function registerTrend(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'trend',
    {
      description:
        'Mean, min and max of the daily values per week, month or year: how a metric changed over months.',
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
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
