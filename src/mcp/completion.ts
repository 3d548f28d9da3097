// completion/complete for the prompts' arguments and the resource templates' variables:
// metric and provider names from the catalog (the tools' cached read, catalog-cache.ts),
// offered only when shell TAB would offer them too (lib/offerable-name.ts); months and dates
// from the user's calendar. Like TAB, completion never fails: an unknown prompt, template or
// argument, a missing key or an API that cannot be reached give an empty list.
import type { CompleteResult, McpServer } from '@modelcontextprotocol/server';
import { catalogNames } from '../api/name-check.ts';
import { linkedToAll } from '../lib/abort.ts';
import { addDays, localDate } from '../lib/dates.ts';
import { offerableName } from '../lib/offerable-name.ts';
import { readCatalog } from './catalog-cache.ts';
import type { ToolDeps } from './deps.ts';

/** What an argument or variable is completed with. */
export type CompletionKind = 'metric' | 'provider' | 'month' | 'date';

/** Most values one answer carries (the spec's limit). */
const MAX_VALUES = 100;
/** Months and days offered, back from today. */
const MONTHS_BACK = 24;
const DAYS_BACK = 60;

export interface CompletionTable {
  /** Prompt name → argument name → kind. */
  prompts: Readonly<Record<string, Readonly<Record<string, CompletionKind>>>>;
  /** Resource template URI → variable name → kind. */
  templates: Readonly<Record<string, Readonly<Record<string, CompletionKind>>>>;
}

/** Answers completion/complete from `table`; call it after the prompts and resources. */
export function registerCompletion(
  server: McpServer,
  deps: ToolDeps,
  table: CompletionTable,
): void {
  server.server.registerCapabilities({ completions: {} });
  server.server.setRequestHandler('completion/complete', async (request, ctx) => {
    const { ref, argument } = request.params;
    const kinds = ref.type === 'ref/prompt' ? table.prompts[ref.name] : table.templates[ref.uri];
    const kind = kinds?.[argument.name];
    if (kind === undefined) return result([]);
    const values = await candidates(kind, deps, ctx.mcpReq.signal).catch(() => []);
    return result(matching(values, argument.value));
  });
}

async function candidates(
  kind: CompletionKind,
  deps: ToolDeps,
  signal: AbortSignal,
): Promise<string[]> {
  const today = localDate(deps.now());
  if (kind === 'month') {
    const [year, month] = today.split('-').map(Number) as [number, number];
    return Array.from({ length: MONTHS_BACK }, (_, i) => {
      const index = year * 12 + (month - 1) - i;
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    });
  }
  if (kind === 'date') return Array.from({ length: DAYS_BACK }, (_, i) => addDays(today, -i));
  const client = await deps.client();
  const call = linkedToAll([signal, deps.signal]);
  const body = await readCatalog(client, {}, deps.now(), call.signal).finally(call.release);
  const names = catalogNames(body);
  const list = kind === 'metric' ? names.metrics : names.providers;
  return [...new Set(list.filter(offerableName))].sort();
}

/** Names that start with what was typed (any case) first, then those that contain it. */
function matching(values: readonly string[], typed: string): string[] {
  const low = typed.toLowerCase();
  const starts = values.filter((v) => v.toLowerCase().startsWith(low));
  const contains = values.filter(
    (v) => !v.toLowerCase().startsWith(low) && v.toLowerCase().includes(low),
  );
  return [...starts, ...contains];
}

function result(values: readonly string[]): CompleteResult {
  return {
    completion: {
      values: values.slice(0, MAX_VALUES),
      total: values.length,
      hasMore: values.length > MAX_VALUES,
    },
  };
}
