// What every tool hands back: structured content for programs, the same as JSON text for
// models (most clients show a model only the text), and failures as results, not crashes.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { linkedUnder } from '../lib/abort.ts';
import { HealthdataError } from '../lib/errors.ts';
import type { ToolDeps } from './deps.ts';
import { errorLine } from './error-text.ts';
import { NOTE_ROOM } from './fit/caps.ts';
import { logAnswer, withCallLog, type SendLog } from './logging.ts';

/** The result, and its size in UTF-8 as JSON.stringify writes it (the message holds little more). */
function resultOf(
  summary: string,
  structured: Record<string, unknown>,
): { result: CallToolResult; bytes: number } {
  const json = JSON.stringify(structured);
  const text = `${summary}\n${json}`;
  // JSON.stringify(result), piece by piece: the structured content is stringified once, not
  // again inside the whole result (most of an answer's serialising; profiled for issue 22).
  const bytes =
    Buffer.byteLength(JSON.stringify(text), 'utf8') +
    Buffer.byteLength(json, 'utf8') +
    RESULT_FRAME_BYTES;
  return {
    result: { content: [{ type: 'text', text }], structuredContent: structured },
    bytes,
  };
}

/** `{"content":[{"type":"text","text":` … `}],"structuredContent":` … `}` */
const RESULT_FRAME_BYTES = '{"content":[{"type":"text","text":}],"structuredContent":}'.length;

/** Bytes of the result as it goes to the client (the JSON-RPC message holds little more). */
export function resultBytes(summary: string, structured: Record<string, unknown>): number {
  return resultOf(summary, structured).bytes;
}

/**
 * Bytes of JSON data a tool may add to `bare` (its answer with empty data fields) and stay
 * under `cap`, leaving NOTE_ROOM for its notes. A byte of data costs at most 3 in the
 * result: once in structuredContent, at most twice in the text (JSON escapes the quotes and
 * backslashes of JSON embedded in a string).
 */
export function dataRoom(cap: number, summary: string, bare: Record<string, unknown>): number {
  return Math.max(0, Math.floor((cap - resultBytes(summary, bare)) / 3) - NOTE_ROOM);
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
  const { result, bytes } = resultOf(summary, structured);
  if (bytes > cap) {
    throw new HealthdataError(
      'answer_too_large',
      `the answer came to ${bytes} bytes, over the cap of ${cap}; narrow the request (fewer metrics, a shorter from/to range)`,
      'failure',
    );
  }
  return result;
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
  ctx: { mcpReq: { signal: AbortSignal; log?: SendLog } },
  work: (signal: AbortSignal) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  // One listener on the call's own signal; the shutdown has one for every call (linkedUnder).
  const call = linkedUnder(deps.signal, ctx.mcpReq.signal);
  try {
    // Its notes (or its error line) also go to the client's log: logging.ts.
    return await withCallLog(ctx.mcpReq.log, async () => {
      const result = await work(call.signal).catch((error: unknown) => failure(error, deps));
      logAnswer(result);
      return result;
    });
  } finally {
    call.release();
  }
}
