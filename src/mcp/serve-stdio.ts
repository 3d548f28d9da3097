// MCP over stdio on the given streams. The SDK's serveStdio takes the opening message to pick
// the protocol era (2025 `initialize` clients such as today's desktop apps, or 2026-07-28
// clients) and pins one server from the factory per connection. The wire is our own
// LineTransport (stdio/transport.ts): it answers unreadable and oversized lines with JSON-RPC
// errors and keeps serving, and tells the command when stdin ends so it can clean up.
import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Readable, Writable } from 'node:stream';
import { LineTransport } from './stdio/transport.ts';

export interface StdioConnection {
  /** Resolves when the client closes the connection (stdin ends) or close() is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export function serveOnStreams(
  factory: () => McpServer,
  stdin: Readable,
  stdout: Writable,
  onerror: (error: Error) => void,
): StdioConnection {
  const transport = new LineTransport(stdin, stdout);
  const handle = serveStdio(factory, { transport, onerror });
  return { closed: transport.closed, close: () => handle.close() };
}
