// MCP logging (notifications/message): what the CLI says on stderr about a call, said to the
// client instead, at a level it can filter with logging/setLevel (the SDK drops what is below
// it). A call runs inside its own log (AsyncLocalStorage), so that whatever a call sets off
// deep down (the API client's retry line, a note made in a shared loader) reaches the client
// that made that call and no other, without threading a logger through every layer.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';

export type SendLog = (level: LoggingLevel, data: unknown, logger?: string) => Promise<void>;

interface CallLog {
  send: SendLog;
  /** Notes that are warnings (a clamped `from`, dropped rows): logged at `warning`, not `info`. */
  warnings: Set<string>;
}

const calls = new AsyncLocalStorage<CallLog>();

/** The name the messages carry as their `logger`. */
export const LOGGER = 'healthdata';

/** Runs `work` inside a call's log: what it says goes to `send` (the request's ctx.mcpReq.log). */
export function withCallLog<T>(send: SendLog | undefined, work: () => Promise<T>): Promise<T> {
  if (send === undefined) return work();
  return calls.run({ send, warnings: new Set() }, work);
}

/** Says `text` to the client of the call under way, if any; a log that fails never fails the call. */
export function logToCall(level: LoggingLevel, text: string): void {
  calls
    .getStore()
    ?.send(level, text, LOGGER)
    .catch(() => undefined);
}

/** Marks a note as a warning for the call's log (it still goes into the answer's notes). */
export function warningNote(text: string): string {
  calls.getStore()?.warnings.add(text);
  return text;
}

/**
 * Logs an answer's notes (warnings at `warning`, the rest at `info`) or, for a failed call, its
 * error line at `error`: the lines `healthdata` would print on stderr for the same request.
 */
export function logAnswer(answer: {
  isError?: boolean | undefined;
  content?: unknown;
  structuredContent?: unknown;
}): void {
  const store = calls.getStore();
  if (store === undefined) return;
  if (answer.isError === true) {
    const [first] = Array.isArray(answer.content) ? (answer.content as unknown[]) : [];
    const text = (first as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') logToCall('error', text);
    return;
  }
  const structured = answer.structuredContent;
  if (typeof structured === 'object' && structured !== null && 'notes' in structured)
    logNotes(structured.notes);
}

/** Logs each note of a `notes` array (any other value logs nothing). */
export function logNotes(notes: unknown): void {
  const store = calls.getStore();
  if (store === undefined || !Array.isArray(notes)) return;
  for (const note of notes) {
    if (typeof note !== 'string') continue;
    logToCall(store.warnings.has(note) ? 'warning' : 'info', note);
  }
}

/**
 * The CLI's notices with their `--verbose` lines also sent to the call under way: the API
 * client says its retries there (`retry 1/2 in 500 ms: …`, `notice`); its other lines are
 * `debug`. The lines are redacted by the client before they get here.
 */
export function withVerboseToCall<T extends { verbose(message: string): void }>(notices: T): T {
  return {
    ...notices,
    verbose: (message: string) => {
      notices.verbose(message);
      logToCall(message.startsWith('retry ') ? 'notice' : 'debug', message);
    },
  };
}

/** From least to most severe, as the spec orders them. */
const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Gives a request's context the connection's log level (see installLogLevel). */
export type LogGate = (ctx: ServerContext) => ServerContext;

/**
 * Answers logging/setLevel for this server (one connection) and returns the gate every call's
 * context goes through. Nothing is logged until the client sets a level: a client that never
 * asked gets only protocol messages (as on stdio before logging was served), and a 2026-era
 * client, which sends its level with each request, is filtered by the SDK on that level.
 * Over stateless HTTP each request has its own server, so a level set by one request does not
 * reach the next: such clients send the level with each request, or get no log.
 */
export function installLogLevel(server: McpServer): LogGate {
  let level: LoggingLevel | undefined;
  server.server.setRequestHandler('logging/setLevel', (request) => {
    level = request.params.level;
    return {};
  });
  return (ctx) => {
    const log = ctx.mcpReq.log;
    const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
    const perRequest = envelope[LOG_LEVEL_META_KEY] !== undefined;
    const gated: typeof log = (at, data, logger) =>
      perRequest || (level !== undefined && SEVERITY.indexOf(at) >= SEVERITY.indexOf(level))
        ? log(at, data, logger)
        : Promise.resolve();
    return { ...ctx, mcpReq: { ...ctx.mcpReq, log: gated } };
  };
}
