// A small purpose-built HTTP server on 127.0.0.1 for transport tests. Each request is recorded
// (path, query, headers, which socket it came on) and answered by a handler that gets its
// index, so a test can script "503, then 200" or "half a body, then a reset" request by request.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, expect } from 'vitest';
import type { Clock } from '../../src/lib/clock.ts';
import { fixedClock, runCli, type CliOptions, type CliResult } from './cli.ts';

export const API_KEY = 'phd_live_testkey_0123456789';

export interface SeenRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** 1 for the first connection the server accepted, 2 for the second, ... */
  socket: number;
}

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  origin: string;
  port: number;
  requests: SeenRequest[];
  /** How many TCP connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a server; `handler` may be one function for every request or a script, one per request (the last repeats). */
export async function startServer(
  handler: Handler | readonly Handler[],
  options: { maxHeaderSize?: number } = {},
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const socketIds = new WeakMap<Socket, number>();
  let sockets = 0;
  const pick = (index: number): Handler => {
    if (typeof handler === 'function') return handler;
    const h = handler[Math.min(index, handler.length - 1)];
    if (!h) throw new Error('startServer needs at least one handler');
    return h;
  };
  const server: Server = createServer(options, (req, res) => {
    const index = requests.length;
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      socket: socketIds.get(req.socket) ?? 0,
    });
    Promise.resolve(pick(index)(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets += 1;
    socketIds.set(socket, sockets);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    port,
    requests,
    connections: () => sockets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
/**
 * For a test file: a `serve` that starts a test server and closes it after each test. Call it
 * at the top level of the file, where afterEach hooks belong.
 */
export function useTestServers(): (
  handler: Handler | readonly Handler[],
  options?: { maxHeaderSize?: number },
) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (handler, options) => {
    const server = await startServer(handler, options);
    servers.push(server);
    return server;
  };
}

/** A small non-metrics body (as /profile might send) for tests that only need a 200. */
export const PROFILE = '{"name":"Ada","meta":{"plan":"pro"}}';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface MetricRowJson {
  date: string;
  provider: string;
  metric: string;
  numValue: number | null;
  textValue: string | null;
  unit: string | null;
  stream: boolean;
}

export const META = {
  plan: 'pro',
  history_window_days: 365,
  history_floor: '2025-11-20',
  source_cap: 10,
};

/** `count` distinct rows, numbered from `first`, newest first. */
export function rows(first: number, count: number): MetricRowJson[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const day = new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString().slice(0, 10);
    return {
      date: day,
      provider: 'X',
      metric: 'steps',
      numValue: n,
      textValue: null,
      unit: 'count',
      stream: false,
    };
  });
}

export function pageBody(data: readonly MetricRowJson[], nextCursor: string | null): string {
  return JSON.stringify({ data, next_cursor: nextCursor, meta: META });
}

export type Encoding = 'gzip' | 'br';

/** Sends a complete response; with `encoding`, the body is compressed and Content-Encoding set. */
export function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
  encoding?: Encoding,
): void {
  let bytes = Buffer.from(body, 'utf8');
  const out: Record<string, string | number> = { 'content-type': 'application/json', ...headers };
  if (encoding === 'gzip') bytes = gzipSync(bytes);
  if (encoding === 'br') bytes = brotliCompressSync(bytes);
  if (encoding) out['content-encoding'] = encoding;
  out['content-length'] = bytes.length;
  res.writeHead(status, out);
  res.end(bytes);
}

export const ok =
  (body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    send(res, 200, body, headers);

export const fail =
  (
    status: number,
    body = '{"error":{"code":"oops","message":"try again"}}',
    headers: Record<string, string> = {},
  ): Handler =>
  (_req, res) =>
    send(res, status, body, headers);

/** Closes the connection without any response: the client sees a reset / "other side closed". */
export const reset: Handler = (req) => {
  req.socket.destroy();
};

/** Never answers: the client must time out waiting for the headers. */
export const hang: Handler = () => undefined;

/** Sends the headers and the first half of `body`, then `then`: hang, or destroy the socket. */
export function halfBody(body: string, then: 'hang' | 'destroy'): Handler {
  return (_req, res) => {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      if (then === 'destroy') setTimeout(() => res.socket?.destroy(), 20);
    });
  };
}

export interface HdResult extends CliResult {
  clock: Clock & { slept: number[] };
}

/**
 * Runs the CLI in-process against `baseUrl` with the test key, a fixed clock (instant,
 * recorded sleeps) and a fixed jitter; then checks the key appears on neither stream.
 */
export async function hd(
  baseUrl: string,
  args: readonly string[],
  options: CliOptions & { clock?: Clock & { slept: number[] } } = {},
): Promise<HdResult> {
  const clock = options.clock ?? fixedClock('2026-11-20');
  const result = await runCli([...args, '--base-url', baseUrl, '--api-key', API_KEY], {
    random: () => 0.5,
    ...options,
    clock,
  });
  expectNoKey(result);
  return { ...result, clock };
}

export function expectNoKey(result: { stdout: string; stderr: string }): void {
  expect(result.stdout).not.toContain(API_KEY);
  expect(result.stderr).not.toContain(API_KEY);
}
