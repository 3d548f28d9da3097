// list_sources: the connected sources (providers), as the API sends them.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ToolDeps } from '../deps.ts';
import { notesSchema, RULE, windowSchema } from '../schemas.ts';
import { answer, respond } from '../tool-result.ts';
import { getDocument, listIn, otherFields } from './documents.ts';

const outputSchema = z.object({
  sources: z.array(z.unknown()).describe('The connected sources, as the API lists them.'),
  other: z.record(z.string(), z.unknown()).describe('Any other fields the API sent.'),
  window: windowSchema,
  notes: notesSchema,
});

export function registerListSources(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_sources',
    {
      title: 'List connected sources',
      description:
        "Returns the user's connected data sources (providers such as a phone health aggregator, wearables, a scale or apps) with whatever the API says about each (kind, status, metrics, last sync), and the plan's history window including its cap on sources.",
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (ctx) =>
      respond(deps, ctx, async (signal) => {
        const { body, window } = await getDocument(deps, 'sources', signal);
        const sources = listIn(body, 'sources') ?? [];
        // An aggregator's rows are per source app: worth repeating where the model meets one.
        const notes = JSON.stringify(sources).includes('aggregator') ? [RULE] : [];
        const out = {
          sources,
          other: otherFields(body, ['sources', 'data']),
          window,
          notes,
        };
        return answer(`${sources.length} connected sources.`, out);
      }),
  );
}
