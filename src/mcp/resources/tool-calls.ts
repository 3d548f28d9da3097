// The resources answer with the tools' own code, not a copy of it: the handlers the tools
// register are recorded as they register, and a resource read calls one, with its arguments
// checked by the tool's own input schema. A resource and its tool can then never differ in
// a rule, a cap or a note.
import {
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type McpServer,
  type ReadResourceResult,
  type ServerContext,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import type { LogGate } from '../logging.ts';

type Handler = (...args: unknown[]) => CallToolResult | Promise<CallToolResult>;

interface Recorded {
  schema: StandardSchemaV1 | undefined;
  handler: Handler;
}

export type ToolCalls = ReadonlyMap<string, Recorded>;

/**
 * Records every tool registered on `server` from now on (call it before registering them),
 * each called with its context through `gate`.
 */
export function recordToolCalls(server: McpServer, gate: LogGate): ToolCalls {
  const calls = new Map<string, Recorded>();
  const register = server.registerTool.bind(server) as (...args: unknown[]) => unknown;
  const recording = (name: string, config: { inputSchema?: StandardSchemaV1 }, cb: Handler) => {
    // The context, always the last argument, gets the connection's log level (logging.ts).
    const handler: Handler = (...args) =>
      cb(...args.slice(0, -1), gate(args[args.length - 1] as ServerContext));
    calls.set(name, { schema: config.inputSchema, handler });
    return register(name, config, handler);
  };
  (server as unknown as { registerTool: typeof recording }).registerTool = recording;
  return calls;
}

/** The tool's answer to `args`, as a tools/call would give it (an error result included). */
export async function callTool(
  calls: ToolCalls,
  name: string,
  args: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallToolResult> {
  const tool = calls.get(name);
  if (tool === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, `the ${name} tool is not served`);
  }
  if (tool.schema === undefined) return tool.handler(ctx);
  const checked = await tool.schema['~standard'].validate(args);
  if (checked.issues !== undefined) {
    const said = checked.issues.map((i) => i.message).join('; ');
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `bad resource parameters: ${said}`);
  }
  return tool.handler(checked.value, ctx);
}

/**
 * A tool's answer as the contents of the resource at `uri`: its structured content as JSON.
 * An error result is an error (its text is the CLI's line, already redacted).
 */
export function asResource(uri: URL, result: CallToolResult): ReadResourceResult {
  if (result.isError === true) {
    const [first] = result.content;
    const text = first?.type === 'text' ? first.text : 'the read failed';
    throw new ProtocolError(ProtocolErrorCode.InternalError, text);
  }
  return {
    contents: [
      {
        uri: uri.href,
        mimeType: 'application/json',
        text: JSON.stringify(result.structuredContent ?? {}),
      },
    ],
  };
}
