// The stdio transport: newline-delimited JSON-RPC on the given streams, in place of the SDK's
// StdioServerTransport, whose reader drops unparseable lines without an answer and closes the
// connection (the server exits 0, silently) on a line over 10 MiB. Here every line the server
// cannot take gets the JSON-RPC error the spec gives for it, and the server keeps reading:
// - not JSON                      → -32700 Parse error, id null;
// - JSON, not a JSON-RPC message  → -32600 Invalid Request, with its id when it has one;
// - longer than the line limit    → -32600 Invalid Request, with the id found as it streamed.
// When stdin ends, the requests already read are answered before the connection closes, as a
// filter finishes its input: `printf '…requests…' | healthdata mcp` gets every answer. (A
// signal still stops the server at once: the command aborts the calls.)
import {
  INVALID_REQUEST,
  PARSE_ERROR,
  parseJSONRPCMessage,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from './lines.ts';

/**
 * The longest request line read: the SDK's own limit for an HTTP request body. The tools'
 * arguments are a few names and dates; nothing a client sends needs more.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/**
 * How long answers still owed may hold the connection open after stdin ends. A call is bounded
 * by its API timeouts anyway; this bounds a request the server would never answer.
 */
export const DRAIN_MS = 30_000;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Resolves when stdin ends or close() is called. */
  readonly closed: Promise<void>;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #lines: LineSplitter;
  #closed = false;
  /** stdin has ended: close once no request read is left unanswered. */
  #ending = false;
  /** Requests read and not yet answered, by id (a client may reuse an id). */
  readonly #pending = new Map<string | number, number>();
  #resolveClosed!: () => void;

  constructor(stdin: Readable, stdout: Writable, maxLineBytes = MAX_LINE_BYTES) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.closed = new Promise((resolve) => (this.#resolveClosed = resolve));
    this.#lines = new LineSplitter(maxLineBytes, {
      line: (text) => this.#line(text),
      oversized: (bytes, id) => {
        const message = `Invalid Request: the message is ${bytes} bytes, over the ${maxLineBytes}-byte limit of this server (tool arguments are names and dates, a few KB at most)`;
        this.onerror?.(new Error(message));
        this.#reject(id, INVALID_REQUEST, message);
      },
    });
  }

  readonly #ondata = (chunk: Buffer | string): void => {
    this.#lines.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };
  readonly #onerror = (error: Error): void => this.onerror?.(error);
  readonly #onend = (): void => {
    if (this.#ending) return;
    this.#ending = true;
    if (this.#pending.size === 0) void this.close();
    else setTimeout(() => void this.close(), DRAIN_MS).unref();
  };

  async start(): Promise<void> {
    if (this.#stdin.readableEnded || this.#stdin.destroyed) setImmediate(this.#onend);
    this.#stdin.on('data', this.#ondata);
    this.#stdin.on('error', this.#onerror);
    this.#stdin.on('end', this.#onend);
    this.#stdin.on('close', this.#onend);
    this.#stdout.on('error', this.#onerror);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the stdio connection is closed'));
    const answered = 'id' in message && !('method' in message) ? message.id : undefined;
    return new Promise((resolve, reject) => {
      // Resolves once the line is written out (a full pipe holds it until it drains).
      this.#stdout.write(serializeMessage(message), (error) => {
        if (answered !== undefined) this.#settle(answered);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  #settle(id: string | number): void {
    const left = (this.#pending.get(id) ?? 1) - 1;
    if (left > 0) this.#pending.set(id, left);
    else this.#pending.delete(id);
    if (this.#ending && this.#pending.size === 0) void this.close();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#ondata);
    this.#stdin.off('error', this.#onerror);
    this.#stdin.off('end', this.#onend);
    this.#stdin.off('close', this.#onend);
    this.#stdout.off('error', this.#onerror);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.onclose?.();
    this.#resolveClosed();
  }

  #line(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.#reject(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(json);
    } catch {
      this.#reject(idOf(json), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    if ('method' in message && 'id' in message) {
      this.#pending.set(message.id, (this.#pending.get(message.id) ?? 0) + 1);
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      // A cancelled request gets no answer (MCP): nothing is owed for it any more.
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.#settle(id);
    }
    this.onmessage?.(message);
  }

  #reject(id: string | number | null, code: number, message: string): void {
    // JSON-RPC answers an unreadable request with id null; the SDK's types want one, so the
    // line is written as is.
    const line = JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });
    if (this.#closed) return;
    this.#stdout.write(`${line}\n`, (error) => {
      if (error) this.onerror?.(error);
    });
  }
}

function idOf(json: unknown): string | number | null {
  if (typeof json !== 'object' || json === null || !('id' in json)) return null;
  const id = (json as { id: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
