// get_profile: the user's profile and plan window, as the API sends them.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { isRecord } from '../../lib/json.ts';
import type { ToolDeps } from '../deps.ts';
import { windowSchema } from '../schemas.ts';
import { answer, respond } from '../tool-result.ts';
import { getDocument } from './documents.ts';

const outputSchema = z.object({
  profile: z
    .record(z.string(), z.unknown())
    .describe('The profile as the API sends it (user, plan, ...), without its meta.'),
  window: windowSchema,
});

export function registerGetProfile(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_profile',
    {
      title: 'Get the user profile',
      description:
        "Returns the user's profile (name, time zone, units and the like, as the API provides them) and the plan's history window: the plan name, how many days of history it reaches (history_window_days), the earliest readable date (history_floor) and the cap on connected sources.",
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (ctx) =>
      respond(deps, ctx, async (signal) => {
        const { body, window } = await getDocument(deps, 'profile', signal);
        const profile = isRecord(body) ? body : { value: body };
        const plan = window
          ? ` Plan ${window.plan}, history floor ${window.history_floor ?? 'none stated'}.`
          : '';
        return answer(`The user's profile.${plan}`, { profile, window });
      }),
  );
}
