import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Reply } from './reply.ts';
import type { Router } from './router.ts';
import { performance } from 'node:perf_hooks';
import { acceptsGzip, gzipReply } from './compression.ts';
import { createFailInjector, createRateLimiter } from './faults.ts';
import { errorReply } from './reply.ts';

export interface SandboxRequest {
  method: string;
  /** Path with query string, as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
}

export const REQUEST_LOG_LIMIT = 10_000;

export interface HandlerOptions {
  latencyMs: number;
  failRate: number;
  rateLimit: number | null;
  seed: number;
  /** gzip replies for clients that accept it (see compression.ts). */
  compress: boolean;
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(reply.body.length) });
  res.end(reply.body);
}

/**
 * Wires the router into a server. Faults apply before routing, in this order: rate limit
 * (429), injected failure (503); latency then delays whatever the answer is. The answer is
 * computed on arrival, so the order of arrival alone decides which requests fail.
 */
export function attachHandler(
  server: Server,
  router: Router,
  options: HandlerOptions,
  log: SandboxRequest[],
): { cancelPending(): void } {
  const limiter =
    options.rateLimit === null
      ? null
      : createRateLimiter(options.rateLimit, () => performance.timeOrigin + performance.now());
  const fail = createFailInjector(options.failRate, options.seed);
  const pending = new Set<NodeJS.Timeout>();

  const answer = (req: IncomingMessage): Reply => {
    const retryAfter = limiter?.() ?? null;
    if (retryAfter !== null) {
      return errorReply(
        429,
        'rate_limited',
        `Rate limit of ${options.rateLimit} requests per second exceeded`,
        { 'Retry-After': String(retryAfter) },
      );
    }
    if (fail()) return errorReply(503, 'unavailable', 'The service is temporarily unavailable');
    try {
      return router(req.method ?? 'GET', req.url ?? '/', req.headers.authorization);
    } catch (err) {
      return errorReply(500, 'internal_error', err instanceof Error ? err.message : String(err));
    }
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let reply = answer(req);
    if (options.compress && acceptsGzip(req.headers['accept-encoding'])) reply = gzipReply(reply);
    log.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: { ...req.headers },
      status: reply.status,
    });
    if (log.length > REQUEST_LOG_LIMIT) log.splice(0, log.length - REQUEST_LOG_LIMIT);
    if (options.latencyMs <= 0) return send(res, reply);
    const timer = setTimeout(() => {
      pending.delete(timer);
      send(res, reply);
    }, options.latencyMs);
    pending.add(timer);
  });

  return {
    cancelPending() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
