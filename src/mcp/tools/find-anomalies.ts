// find_anomalies: days far from the person's own baseline (src/insight anomalies.ts, as
// `healthdata anomalies`). The fetch starts `window` days before `from`, so the first days
// have their baseline. The items are src/insight's records, as the CLI writes them.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import { DEFAULT_RULE } from '../../insight/index.ts';
import { anomalyRecords, readFrom } from '../../insight/records/anomaly.ts';
import { UsageError } from '../../lib/errors.ts';
import type { ToolDeps } from '../deps.ts';
import { fittedAnswer, insightFields, insightSeries } from '../insight-fit.ts';
import { toQuery } from '../query-input.ts';
import { basisField, rangeFields, READ_ONLY } from '../schemas.ts';
import { respond } from '../tool-result.ts';

const inputSchema = z.strictObject({
  ...rangeFields,
  window: z
    .number()
    .int()
    .min(3)
    .max(365)
    .default(DEFAULT_RULE.window)
    .describe('Baseline: the days before each day; min_days of them with data.'),
  min_days: z.number().int().min(2).max(365).default(DEFAULT_RULE.minDays),
  threshold: z
    .number()
    .positive()
    .max(100)
    .default(DEFAULT_RULE.threshold)
    .describe('Flag |robust z| >= this.'),
});

const item = z.object({
  date: z.string(),
  metric: z.string(),
  provider: z.string(),
  unit: z.string().nullable(),
  basis: basisField,
  value: z.number(),
  median: z.number(),
  z: z.number(),
  direction: z.enum(['high', 'low']),
  baseline_days: z.number().int(),
});

const outputSchema = z.object({
  items: z.array(item),
  ...insightFields,
});

export function registerFindAnomalies(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'find_anomalies',
    {
      description:
        "Unusual days: daily values far from the user's own baseline (the days before), newest first.",
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        if (args.min_days > args.window) {
          throw new UsageError(
            `min_days ${args.min_days} is more than window ${args.window} — lower min_days, or widen window`,
            'bad_option',
          );
        }
        const rule = { window: args.window, minDays: args.min_days, threshold: args.threshold };
        const query = toQuery(args, deps.now());
        const fetched =
          query.from === undefined ? query : { ...query, from: readFrom(query.from, rule) };
        const { series, ...read } = await insightSeries({
          deps,
          query: fetched,
          signal,
          asked: query.from,
        });
        const range = { from: query.from ?? null, to: query.to ?? null };
        const { records: items, scored } = anomalyRecords(series, rule, range);
        read.notes.push(
          'A MAD of 0 is never divided by: the mean absolute deviation stands in (z = (value − median) / (1.2533 × it)); a flat baseline scores nothing. Days without baseline_days ≥ min_days are not scored.',
        );
        const words = `robust z = 0.6745 × (value − median) / MAD over the ${rule.window} days before each day (at least ${rule.minDays} with data); flagged when |z| ≥ ${rule.threshold}. Daily values: the _total twin, else the single row, else the mean of several rows (never their sum).`;
        return fittedAnswer(deps, (n) => `${n} days flagged of ${scored} scored.`, read, {
          items,
          rule: words,
          query,
        });
      }),
  );
}
