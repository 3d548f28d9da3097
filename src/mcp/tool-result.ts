// What every tool hands back: structured content for programs, the same as JSON text for
// models (most clients show a model only the text), and failures as results, not crashes.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { HealthdataError } from '../lib/errors.ts';
import type { ToolDeps } from './deps.ts';
import { errorLine } from './error-text.ts';

export function answer(summary: string, structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: `${summary}\n${JSON.stringify(structured)}` }],
    structuredContent: structured,
  };
}

/**
 * The line the CLI prints for the same failure, with the API's own words quoted at its end
 * (error-text.ts), and the key redacted wherever it came from. A rejected key also tells the
 * deps, so the next call reads the settings again (the user may fix the key).
 */
export function failure(
  error: unknown,
  deps: Pick<ToolDeps, 'redact' | 'authFailed'>,
): CallToolResult {
  if (error instanceof HealthdataError && error.kind === 'auth') deps.authFailed?.();
  return { content: [{ type: 'text', text: deps.redact(errorLine(error)) }], isError: true };
}

/**
 * Runs one tool call: `work` gets a signal aborted when the client cancels the call or the
 * server shuts down, and whatever it throws becomes an error result.
 */
export async function respond(
  deps: Pick<ToolDeps, 'signal' | 'redact' | 'authFailed'>,
  ctx: { mcpReq: { signal: AbortSignal } },
  work: (signal: AbortSignal) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work(AbortSignal.any([deps.signal, ctx.mcpReq.signal]));
  } catch (error) {
    return failure(error, deps);
  }
}
