// MCP over stdio on the given streams. The SDK's serveStdio takes the opening message to pick
// the protocol era (2025 `initialize` clients such as today's desktop apps, or 2026-07-28
// clients) and pins one server from the factory per connection. The transport is wrapped only
// to learn when the connection ends (stdin closed), so the command can clean up and return.
import type {
  JSONRPCMessage,
  McpServer,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Readable, Writable } from 'node:stream';

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
  const transport = new ClosingTransport(new StdioServerTransport(stdin, stdout));
  const handle = serveStdio(factory, { transport, onerror });
  return { closed: transport.closed, close: () => handle.close() };
}

class ClosingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly closed: Promise<void>;
  readonly #inner: Transport;

  constructor(inner: Transport) {
    this.#inner = inner;
    this.closed = new Promise((resolve) => {
      inner.onclose = () => {
        this.onclose?.();
        resolve();
      };
    });
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message) => this.onmessage?.(message);
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.#inner.send(message, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
