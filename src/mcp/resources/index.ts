// The resources: the profile, the catalog and the sources as fixed documents, and one metric's
// daily rows and summary as templates. Each answers with a tool's own code (tool-calls.ts) or
// the loader the tools use (daily.ts), so its rules, caps and notes are the tools'.
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  type McpServer,
  type ServerContext,
  type Variables,
} from '@modelcontextprotocol/server';
import type { CompletionKind } from '../completion.ts';
import type { ToolDeps } from '../deps.ts';
import type { LogGate } from '../logging.ts';
import { toQuery } from '../query-input.ts';
import { respond } from '../tool-result.ts';
import { RULE, rangeFields } from '../schemas.ts';
import * as z from 'zod';
import { UsageError } from '../../lib/errors.ts';
import { dailyAnswer } from './daily.ts';
import { MetricTemplate, queryOf, QUERY_VARIABLES } from './template.ts';
import { asResource, callTool, type ToolCalls } from './tool-calls.ts';

const DOCUMENTS = [
  {
    name: 'profile',
    tool: 'get_profile',
    title: 'Profile and plan window',
    description:
      "The user's profile and the plan's history window (plan, history_window_days, history_floor: the earliest readable date, source_cap); as the get_profile tool answers.",
  },
  {
    name: 'catalog',
    tool: 'list_metrics',
    title: 'Catalog of metrics and providers',
    description: `The metrics and providers with data in the plan window, each metric with its _total twin, and the plan window; as the list_metrics tool answers. ${RULE}`,
  },
  {
    name: 'sources',
    tool: 'list_sources',
    title: 'Connected sources',
    description:
      "The user's connected data sources (providers) and the plan window; as the list_sources tool answers.",
  },
] as const;

/** The templates' URIs, as resources/templates/list gives them and completion refers to them. */
export const DAILY_TEMPLATE = new MetricTemplate('daily');
export const SUMMARY_TEMPLATE = new MetricTemplate('summary');

/** Template URI → variable → what completion offers for it (completion.ts). */
export const TEMPLATE_COMPLETIONS: Record<
  string,
  Record<string, CompletionKind>
> = Object.fromEntries(
  [DAILY_TEMPLATE, SUMMARY_TEMPLATE].map((t) => [
    t.toString(),
    { metric: 'metric', provider: 'provider', from: 'date', to: 'date' },
  ]),
);

export function registerResources(
  server: McpServer,
  deps: ToolDeps,
  calls: ToolCalls,
  gate: LogGate,
): void {
  for (const doc of DOCUMENTS) {
    server.registerResource(
      doc.name,
      `healthdata://${doc.name}`,
      { title: doc.title, description: doc.description, mimeType: 'application/json' },
      async (uri, ctx) => asResource(uri, await callTool(calls, doc.tool, {}, ctx)),
    );
  }
  const params = `\`provider\` (one name, or several separated by commas), \`from\` and \`to\` (YYYY-MM-DD, "today", "yesterday" or "<N>d") are optional`;
  server.registerResource(
    'daily',
    new ResourceTemplate(DAILY_TEMPLATE, { list: undefined }),
    {
      title: "A metric's daily values",
      description: `One row per provider and day, newest first, as 'healthdata daily' prints them: the daily value and its basis (single, total from the _total twin, several = the mean of several rows, no_total = the twin lacks the day). ${params}. ${RULE}`,
      mimeType: 'application/json',
    },
    async (uri, variables, ctx) => {
      const range = rangeOf(variables);
      return asResource(
        uri,
        await respond(deps, gate(ctx), (signal) =>
          dailyAnswer(deps, toQuery(checkedRange(range), deps.now()), signal),
        ),
      );
    },
  );
  server.registerResource(
    'summary',
    new ResourceTemplate(SUMMARY_TEMPLATE, { list: undefined }),
    {
      title: "A metric's daily summary",
      description: `Per provider: days, first/last date, min/mean/median/max of the daily value, the latest value and the daily series; as the daily_summary tool answers. ${params}. ${RULE}`,
      mimeType: 'application/json',
    },
    async (uri, variables, ctx: ServerContext) =>
      asResource(uri, await callTool(calls, 'daily_summary', rangeOf(variables), ctx)),
  );
}

/** A template's variables as the tools' range arguments; a parameter it does not take is an error. */
function rangeOf(variables: Variables): Record<string, string | string[]> {
  const { metric, unknown, repeated, provider, from, to } = queryOf(variables);
  if (unknown.length > 0) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `unknown parameter ${unknown.join(', ')}: the template takes ${QUERY_VARIABLES.join(', ')}`,
    );
  }
  if (repeated.length > 0) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `parameter ${repeated.join(', ')} given more than once: give it once (several providers: provider=A,B)`,
    );
  }
  return {
    metrics: [metric],
    ...(provider === undefined ? {} : { providers: provider.split(',') }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

/** The daily template's range, checked by the schema daily_summary checks its arguments with. */
function checkedRange(range: Record<string, unknown>): z.infer<typeof rangeSchema> {
  const checked = rangeSchema.safeParse(range);
  if (!checked.success) {
    const said = checked.error.issues.map((i) => i.message).join('; ');
    throw new UsageError(`bad resource parameters: ${said}`, 'bad_option');
  }
  return checked.data;
}

const rangeSchema = z.strictObject(rangeFields);
