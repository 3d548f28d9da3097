// What every tool hands back: structured content for programs, the same as JSON text for
// models (most clients show a model only the text), and failures as results, not crashes.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { HealthdataError } from '../lib/errors.ts';
import type { ToolDeps } from './deps.ts';
import { errorLine } from './error-text.ts';

/** Bytes of the text a model reads for this answer: the summary line and the JSON. */
export function answerBytes(summary: string, structured: Record<string, unknown>): number {
  return Buffer.byteLength(`${summary}\n${JSON.stringify(structured)}`, 'utf8');
}

/**
 * The answer as the client gets it. Each tool fits its answer under `cap` itself, saying in
 * its notes what it cut; this is the last guard: an answer over the cap is an error, never
 * sent (it would mean a tool's fitting is wrong, not that the API sent much).
 */
export function answer(
  summary: string,
  structured: Record<string, unknown>,
  cap: number,
): CallToolResult {
  const text = `${summary}\n${JSON.stringify(structured)}`;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > cap) {
    throw new HealthdataError(
      'answer_too_large',
      `the answer came to ${bytes} bytes, over the cap of ${cap}; narrow the request (fewer metrics, a shorter from/to range)`,
      'failure',
    );
  }
  return { content: [{ type: 'text', text }], structuredContent: structured };
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
