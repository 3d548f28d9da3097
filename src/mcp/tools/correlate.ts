// correlate: whether two metrics move together (src/insight correlate.ts, as
// `healthdata correlate`), per provider pair, at lags from lag_min to lag_max; the items are
// src/insight's records, as the CLI writes them.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { lean } from '../lean-schema.ts';
import { MIN_PAIRS } from '../../insight/index.ts';
import { correlationRecords } from '../../insight/records/correlation.ts';
import { UsageError } from '../../lib/errors.ts';
import type { ToolDeps } from '../deps.ts';
import { MAX_NAME_CHARS } from '../fit/clip.ts';
import { fittedAnswer, insightFields, insightSeries } from '../insight-fit.ts';
import { toQuery } from '../query-input.ts';
import { fromField, providersField, toField, READ_ONLY } from '../schemas.ts';
import { respond } from '../tool-result.ts';

const name = (what: string) => z.string().trim().min(1).max(MAX_NAME_CHARS).describe(what);
const lag = z.number().int().min(0).max(7);

const inputSchema = z.strictObject({
  metric_a: name('Exact name from list_metrics.'),
  metric_b: name('Paired with metric_a of lag days before.'),
  providers: providersField.optional(),
  from: fromField.optional(),
  to: toField.optional(),
  lag_min: lag.default(0),
  lag_max: lag.default(0),
});

const item = z.object({
  a: z.string(),
  a_provider: z.string(),
  b: z.string(),
  b_provider: z.string(),
  lag: z.number().int(),
  n: z.number().int(),
  pearson: z.number().nullable(),
  spearman: z.number().nullable(),
  strongest: z.boolean(),
  too_few: z.boolean(),
});

const outputSchema = z.object({ items: z.array(item), ...insightFields });

export function registerCorrelate(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'correlate',
    {
      description:
        'Whether two metrics move together (Pearson, Spearman), also at a lag: does sleep predict next-day HRV?',
      inputSchema: lean(inputSchema),
      outputSchema: lean(outputSchema),
      annotations: READ_ONLY,
    },
    (args, ctx) =>
      respond(deps, ctx, async (signal) => {
        if (args.lag_min > args.lag_max)
          throw new UsageError(
            `lag_min ${args.lag_min} is more than lag_max ${args.lag_max} — swap them`,
            'bad_option',
          );
        const query = toQuery(
          { ...args, metrics: [...new Set([args.metric_a, args.metric_b])] },
          deps.now(),
        );
        const { series, ...read } = await insightSeries({ deps, query, signal });
        const { notes } = read;
        const { records: items } = correlationRecords(series, args.metric_a, args.metric_b, {
          min: args.lag_min,
          max: args.lag_max,
        });
        if (items.length === 0)
          notes.push('No provider has daily numbers for both metrics in this range.');
        if (items.some((i) => i.too_few))
          notes.push(`Items with too_few true pair under ${MIN_PAIRS} days: their r means little.`);
        notes.push(
          'Correlation is not causation; a lag with strong r says the days move together, not why.',
        );
        const rule = `Pearson (linear) and Spearman (rank, ties averaged) over days both metrics have, A on day d with B on day d + lag; gaps are never filled. Daily values: the _total twin, else the single row, else the mean of several rows (never their sum).`;
        return fittedAnswer(deps, (n) => `${n} correlations of metric_a with metric_b.`, read, {
          items,
          rule,
          query,
        });
      }),
  );
}
