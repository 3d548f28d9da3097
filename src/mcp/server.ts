// The MCP server: nine read-only tools over the user's own health data. One factory builds a
// fresh McpServer per connection (the SDK's stdio and HTTP entries both take a factory).
import { McpServer } from '@modelcontextprotocol/server';
import type { ToolDeps } from './deps.ts';
import { RULE } from './schemas.ts';
import { registerDailySummary } from './tools/daily-summary.ts';
import { registerGetProfile } from './tools/get-profile.ts';
import { registerListMetrics } from './tools/list-metrics.ts';
import { registerListSources } from './tools/list-sources.ts';
import { registerQueryMetrics } from './tools/query-metrics.ts';
import { registerComparePeriods } from './tools/compare-periods.ts';
import { registerCorrelate } from './tools/correlate.ts';
import { registerFindAnomalies } from './tools/find-anomalies.ts';
import { registerTrend } from './tools/trend.ts';
import { registerCompletion } from './completion.ts';
import { installLogLevel } from './logging.ts';
import { PROMPT_COMPLETIONS, registerPrompts } from './prompts/index.ts';
import { registerResources, TEMPLATE_COMPLETIONS } from './resources/index.ts';
import { recordToolCalls } from './resources/tool-calls.ts';

export const TOOL_NAMES = [
  'list_metrics',
  'query_metrics',
  'daily_summary',
  'get_profile',
  'list_sources',
  'trend',
  'find_anomalies',
  'compare_periods',
  'correlate',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

const REGISTER: Record<ToolName, (server: McpServer, deps: ToolDeps) => void> = {
  list_metrics: registerListMetrics,
  query_metrics: registerQueryMetrics,
  daily_summary: registerDailySummary,
  get_profile: registerGetProfile,
  list_sources: registerListSources,
  trend: registerTrend,
  find_anomalies: registerFindAnomalies,
  compare_periods: registerComparePeriods,
  correlate: registerCorrelate,
};

const INSTRUCTIONS = `Read-only access to the user's own health data (Personal Health Data Read API). Start with list_metrics for the exact metric names and the plan window; use daily_summary for daily values, query_metrics for raw rows, and trend, find_anomalies, compare_periods and correlate for weekly/monthly means, days far from the user's baseline, two periods side by side, and whether two metrics move together. ${RULE} Dates before the plan's history floor cannot be read.`;

/** `tools`: the tools to serve (`healthdata mcp --tools`), all by default. */
export function createHealthServer(
  deps: ToolDeps,
  version: string,
  tools: readonly ToolName[] = TOOL_NAMES,
): McpServer {
  const server = new McpServer(
    { name: 'healthdata', version },
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  const gate = installLogLevel(server);
  // Recorded as each tool registers: the resources answer with the tools' own handlers. A
  // resource whose tool --tools leaves out says so when read.
  const calls = recordToolCalls(server, gate);
  for (const name of tools) REGISTER[name](server, deps);
  registerResources(server, deps, calls, gate);
  registerPrompts(server, deps);
  registerCompletion(server, deps, {
    prompts: PROMPT_COMPLETIONS,
    templates: TEMPLATE_COMPLETIONS,
  });
  return server;
}
