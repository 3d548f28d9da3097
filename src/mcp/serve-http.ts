// MCP over Streamable HTTP on 127.0.0.1 only. The SDK's handler is web-standard (Request →
// Response); this bridges node:http to it, with the SDK's Host and Origin checks in front so
// a web page cannot reach the server through DNS rebinding, and then the credential mode
// (./http-auth.ts: the bearer token, or OAuth), so another user or process cannot either.
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  type McpServer,
} from '@modelcontextprotocol/server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { HttpAuth } from './http-auth.ts';

export const MCP_PATH = '/mcp';

export interface HttpConnection {
  /** http://127.0.0.1:PORT/mcp (or the --host it listens on) */
  url: string;
  close(): Promise<void>;
}

/**
 * `auth` decides each request to the MCP endpoint (./http-auth.ts). `host` is 127.0.0.1 unless
 * the command was given another (it allows that only with a credential mode on).
 */
export async function serveOnHttp(
  factory: () => McpServer,
  port: number,
  onerror: (error: Error) => void,
  auth: HttpAuth,
  host = '127.0.0.1',
): Promise<HttpConnection> {
  const handler = createMcpHandler(factory, { onerror });
  const hostnames = allowedHostnames(host, auth.hostnames ?? []);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const open = auth.publicDocument?.(new Request(url, { method: req.method ?? 'GET' }));
    if (open) {
      await send(res, open);
      return;
    }
    if (url.pathname !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`MCP is served at ${MCP_PATH}\n`);
      return;
    }
    // Refusals are decided on the headers alone: the body of a refused request is never read.
    const headers = headersOf(req);
    const bare = new Request(url, { headers });
    const refused =
      (hostnames && hostHeaderValidationResponse(bare, hostnames)) ??
      originValidationResponse(bare, localhostAllowedOrigins()) ??
      (await auth.check(req.headers.authorization));
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const response = refused ?? (await handler.fetch(toRequest(req, url, headers, abort.signal)));
    await send(res, response);
  }

  async function send(res: ServerResponse, response: Response): Promise<void> {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body === null) {
      res.end();
      return;
    }
    // Streamed as it comes: a response may be an event stream.
    for await (const chunk of response.body) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${MCP_PATH}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

/**
 * The names a request's Host may give: loopback's, the public name behind a proxy, and the
 * address listened on. None (no check) on a wildcard address, which any name of the machine
 * reaches: there the credential that every request needs is what keeps a rebinding page out,
 * as it carries none.
 */
function allowedHostnames(host: string, more: readonly string[]): string[] | undefined {
  if (host === '0.0.0.0' || host === '::') return undefined;
  const bracketed = host.includes(':') ? `[${host}]` : host;
  return [...localhostAllowedHostnames(), ...more, bracketed];
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // Checked already, and the SDK has no use for it: the token goes no further.
    if (name === 'authorization') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function toRequest(req: IncomingMessage, url: URL, headers: Headers, signal: AbortSignal): Request {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' as const }
      : {}),
  });
}
