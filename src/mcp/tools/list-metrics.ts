// list_metrics: the catalog, with each metric's `_total` twin named on both sides.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { isRecord } from '../../lib/json.ts';
import type { ToolDeps } from '../deps.ts';
import { notesSchema, RULE, windowSchema } from '../schemas.ts';
import { answer, respond } from '../tool-result.ts';
import { metricsWithTwins, twinOf } from '../../daily/index.ts';
import { getDocument, listIn, otherFields } from './documents.ts';

const outputSchema = z.object({
  metrics: z
    .array(
      z.looseObject({
        metric: z.string().optional(),
        total_twin: z
          .string()
          .optional()
          .describe('The twin holding the de-duplicated daily total: use it for daily totals.'),
        total_of: z.string().optional().describe('This metric is the daily total of that metric.'),
      }),
    )
    .describe('The metrics with data in the plan window, as the API lists them.'),
  providers: z.array(z.unknown()).describe('The providers with data in the plan window.'),
  twins: z
    .array(z.object({ metric: z.string(), total: z.string() }))
    .describe('Metric → its <metric>_total twin.'),
  other: z.record(z.string(), z.unknown()).describe('Any other fields the catalog sent.'),
  window: windowSchema,
  notes: notesSchema,
});

export function registerListMetrics(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_metrics',
    {
      title: 'List available metrics',
      description: `Returns the catalog: the metrics and providers with data in the user's plan window (with units and date ranges where the API gives them), and the plan window. ${RULE} Each metric with such a twin carries \`total_twin\`; each twin carries \`total_of\`. Call this first to learn the exact metric names for query_metrics and daily_summary.`,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (ctx) =>
      respond(deps, ctx, async (signal) => {
        const { body, window } = await getDocument(deps, 'catalog', signal);
        const metrics = (listIn(body, 'metrics') ?? []).map(asMetric);
        const names = metrics.flatMap((m) => (typeof m.metric === 'string' ? [m.metric] : []));
        const twins = new Map([...metricsWithTwins(names)].sort().map((m) => [m, twinOf(m)]));
        const totalOf = new Map([...twins].map(([base, twin]) => [twin, base]));
        for (const m of metrics) {
          const twin = twins.get(m.metric ?? '');
          const base = totalOf.get(m.metric ?? '');
          if (twin) m['total_twin'] = twin;
          if (base) m['total_of'] = base;
        }
        const providers =
          isRecord(body) && Array.isArray(body['providers']) ? body['providers'] : [];
        const out = {
          metrics,
          providers,
          twins: [...twins].map(([metric, total]) => ({ metric, total })),
          other: otherFields(body, ['metrics', 'providers', 'data']),
          window,
          notes: twins.size > 0 ? [RULE] : [],
        };
        const list = twins.size
          ? ` Twins: ${[...twins].map(([m, t]) => `${m} → ${t}`).join(', ')}.`
          : '';
        return answer(`${metrics.length} metrics, ${providers.length} providers.${list}`, out);
      }),
  );
}

/** A catalog entry as an object with `metric`, whether the API sent an object or a name. */
function asMetric(entry: unknown): Record<string, unknown> & { metric?: string } {
  if (typeof entry === 'string') return { metric: entry };
  if (!isRecord(entry)) return { value: entry };
  const name = typeof entry['metric'] === 'string' ? entry['metric'] : entry['name'];
  return typeof name === 'string' ? { ...entry, metric: name } : { ...entry };
}
